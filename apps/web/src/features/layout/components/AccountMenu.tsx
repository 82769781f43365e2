import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import LogoutIcon from "@mui/icons-material/Logout";
import { useShellT } from "../../../i18n/shell";
import PersonOutlineIcon from "@mui/icons-material/PersonOutline";
import type { User } from "@fba/contract";
import { profilePathFor } from "../../../app/paths";

/** The account menu under the header's avatar button: who is signed in, Profile and Logout. */
export function AccountMenu({
  user,
  anchor,
  onClose,
  onLogout,
}: {
  user: User | null;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}) {
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : "";
  const { t } = useShellT();
  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Typography variant="caption" sx={{ color: "text.secondary" }} noWrap>
          {user?.email}
        </Typography>
      </Box>
      <Divider />
      <MenuItem component={RouterLink} to={profilePathFor(user?.groups)} onClick={onClose}>
        <ListItemIcon>
          <PersonOutlineIcon fontSize="small" />
        </ListItemIcon>
        {t("account.profile")}
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        {t("account.logout")}
      </MenuItem>
    </Menu>
  );
}
