import { useState } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonOutlineIcon from "@mui/icons-material/PersonOutline";
import type { User } from "@fba/contract";
import { UserAvatar } from "../../../components/UserAvatar";
import { ROLE_LABELS } from "./menus";
import { profilePathFor } from "../../../app/paths";

interface UserMenuProps {
  user: User | null;
  onLogout: () => void;
}

/** The header's avatar button with Profile and Logout. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : "";
  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Account menu"
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
            {user ? ROLE_LABELS[user.groups] : ""}
          </Typography>
        </Box>
        <KeyboardArrowDownIcon
          fontSize="small"
          sx={{ display: { xs: "none", sm: "block" }, color: "text.secondary" }}
        />
      </ButtonBase>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
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
        <MenuItem component={RouterLink} to={profilePathFor(user?.groups)} onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
