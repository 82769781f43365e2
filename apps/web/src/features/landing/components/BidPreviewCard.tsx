import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import TimerOutlinedIcon from "@mui/icons-material/TimerOutlined";
import { useLandingT } from "../i18n";

const sealedBids = ["******", "*********", "*******"];

/** An illustration of a shipment in its sealed bidding window (static, decorative content). */
export function BidPreviewCard() {
  const { t } = useLandingT();
  return (
    <Paper
      elevation={0}
      aria-label={t("preview.label")}
      role="img"
      sx={{
        p: { xs: 2.5, sm: 3 },
        borderRadius: 4,
        border: "1px solid rgba(255,255,255,0.5)",
        boxShadow: "0 24px 60px rgba(4, 22, 56, 0.35)",
        maxWidth: 420,
        mx: "auto",
        width: "100%",
      }}
    >
      <Stack
        direction={{ xs: "column-reverse", sm: "row" }}
        sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: { xs: 1, sm: 2 } }}
      >
        <Box>
          <Typography variant="overline" sx={{ color: "text.secondary", lineHeight: 1.4 }}>
            {t("preview.shipment", { number: 1042 })}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{t("preview.product")}</Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {t("preview.route")}
          </Typography>
        </Box>
        <Box
          component="span"
          sx={{
            px: 1.25,
            py: 0.25,
            borderRadius: 4,
            border: 1,
            borderColor: "primary.main",
            color: "primary.main",
            fontSize: "0.75rem",
            fontWeight: 600,
            whiteSpace: "nowrap",
          }}
        >
          {t("preview.status")}
        </Box>
      </Stack>
      <Stack direction="row" sx={{ gap: 3, mt: 2 }}>
        <Box>
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            {t("preview.cartons")}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>48</Typography>
        </Box>
        <Box>
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            {t("preview.chargeableWeight")}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>612.40 kg</Typography>
        </Box>
      </Stack>
      <Box
        sx={{
          mt: 2,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: "rgba(255, 143, 0, 0.12)",
          display: "flex",
          alignItems: "center",
          gap: 1,
        }}
      >
        <TimerOutlinedIcon fontSize="small" sx={{ color: "warning.main" }} />
        <Typography variant="body2" sx={{ fontWeight: 600, color: "warning.main" }}>
          {t("preview.endsIn", { hours: 41, minutes: 12, seconds: "09" })}
        </Typography>
      </Box>
      <Box sx={{ my: 2, borderTop: 1, borderColor: "divider" }} />
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {t("preview.sealedBids", { count: sealedBids.length })}
      </Typography>
      <Stack sx={{ gap: 1 }}>
        {sealedBids.map((bid) => (
          <Stack
            key={bid}
            direction="row"
            sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}
          >
            <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
              <LockOutlinedIcon fontSize="small" sx={{ color: "text.secondary" }} />
              <Typography variant="body2">{t("preview.agent", { mask: bid })}</Typography>
            </Stack>
            <Typography variant="body2" sx={{ fontFamily: "monospace", color: "text.secondary" }}>
              $ *****.**
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="caption" sx={{ display: "block", mt: 2, color: "text.secondary" }}>
        {t("preview.hidden")}
      </Typography>
    </Paper>
  );
}
