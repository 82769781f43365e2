import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import TimerOutlinedIcon from "@mui/icons-material/TimerOutlined";

const sealedBids = [
  { agent: "Agent ******", when: "2 h ago" },
  { agent: "Agent *********", when: "5 h ago" },
  { agent: "Agent *******", when: "9 h ago" },
];

/** An illustration of a shipment in its sealed bidding window (static, decorative content). */
export function BidPreviewCard() {
  return (
    <Paper
      elevation={0}
      aria-label="Example of a shipment receiving sealed bids"
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
            Shipment #1042
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>Bamboo cutting boards</Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Shenzhen, CN → ONT8, San Bernardino, CA
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
          Quotation Received
        </Box>
      </Stack>
      <Stack direction="row" sx={{ gap: 3, mt: 2 }}>
        <Box>
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            Cartons
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>48</Typography>
        </Box>
        <Box>
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            Chargeable weight
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
          Bidding ends in 41h 12m 09s
        </Typography>
      </Box>
      <Box sx={{ my: 2, borderTop: 1, borderColor: "divider" }} />
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        3 sealed bids
      </Typography>
      <Stack sx={{ gap: 1 }}>
        {sealedBids.map((bid) => (
          <Stack
            key={bid.agent}
            direction="row"
            sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}
          >
            <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
              <LockOutlinedIcon fontSize="small" sx={{ color: "text.secondary" }} />
              <Typography variant="body2">{bid.agent}</Typography>
            </Stack>
            <Typography variant="body2" sx={{ fontFamily: "monospace", color: "text.secondary" }}>
              $ *****.**
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="caption" sx={{ display: "block", mt: 2, color: "text.secondary" }}>
        Amounts stay hidden until the window closes. The lowest bid wins.
      </Typography>
    </Paper>
  );
}
