import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import type { SelfServiceGroup } from "@fba/contract";
import { useAuthT } from "../i18n";

interface GroupTabsProps {
  value: SelfServiceGroup;
  onChange: (group: SelfServiceGroup) => void;
}

/** Shipment Agent (Shipper) / Customer (Seller). */
export function GroupTabs({ value, onChange }: GroupTabsProps) {
  const { t } = useAuthT();
  return (
    <Tabs
      value={value}
      onChange={(_, group: SelfServiceGroup) => onChange(group)}
      variant="fullWidth"
      aria-label={t("groups.label")}
      sx={{
        bgcolor: "background.default",
        borderRadius: 2,
        p: 0.5,
        minHeight: 44,
        "& .MuiTabs-indicator": {
          height: "100%",
          borderRadius: 1.5,
          bgcolor: "background.paper",
          boxShadow: 1,
          zIndex: 0,
        },
        "& .MuiTab-root": { minHeight: 40, zIndex: 1, fontWeight: 600, textTransform: "none" },
        "& .MuiTab-root.Mui-selected": { color: "primary.main" },
      }}
    >
      <Tab value="Shipper" label={t("groups.Shipper")} />
      <Tab value="Seller" label={t("groups.Seller")} />
    </Tabs>
  );
}

/** The group a login or sign-up path implies: any path containing 'shipper' is the agent's. */
export function groupFromPath(pathname: string): SelfServiceGroup | null {
  return pathname.includes("shipper") ? "Shipper" : null;
}
