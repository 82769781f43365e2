import type { ReactNode } from "react";
import Drawer from "@mui/material/Drawer";

/**
 * The phone's menu: the sidebar in a drawer over the page. A module of its own, loaded on the
 * first tap of the menu button, so the first paint of a page carries no modal code.
 */
export function PhoneDrawer({
  open,
  width,
  onClose,
  children,
}: {
  open: boolean;
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { id: "app-sidebar", sx: { width } } }}
    >
      {children}
    </Drawer>
  );
}
