import { useState } from "react";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import type { User } from "@fba/contract";
import { useShellT } from "../../../i18n/shell";
import { UserAvatar } from "../../../components/UserAvatar";
import { lazyDialog } from "../../../components/lazy-dialog";

// The menu's code (MUI's Menu, Popover and Modal) loads on the first tap, or as the pointer or
// focus reaches the button.
const AccountMenu = lazyDialog(
  () => import("./AccountMenu").then((m) => m.AccountMenu),
  (props: { anchor: HTMLElement | null }) => props.anchor !== null,
);

interface UserMenuProps {
  user: User | null;
  onLogout: () => void;
}

/** The header's avatar button with Profile and Logout. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : "";
  const { t } = useShellT();
  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={AccountMenu.preload}
        onFocus={AccountMenu.preload}
        aria-label={t("header.accountMenu")}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? "account-menu" : undefined}
        sx={{ borderRadius: 6, p: 0.5, pr: { xs: 0.5, sm: 1 }, gap: 1 }}
      >
        <UserAvatar firstName={user?.first_name} lastName={user?.last_name} image={user?.image} />
        <Box sx={{ display: { xs: "none", sm: "block" }, textAlign: "left", maxWidth: 180 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" noWrap sx={{ color: "text.secondary", display: "block" }}>
            {user ? t(`roles.${user.groups}`) : ""}
          </Typography>
        </Box>
        <KeyboardArrowDownIcon
          fontSize="small"
          sx={{ display: { xs: "none", sm: "block" }, color: "text.secondary" }}
        />
      </ButtonBase>
      <AccountMenu user={user} anchor={anchor} onClose={close} onLogout={onLogout} />
    </>
  );
}
