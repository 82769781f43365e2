import { Chip, Stack } from "@mui/material";
import type { DeliveryProof } from "@fba/contract";

const legs = (count: number) => `${count} ${count === 1 ? "leg" : "legs"}`;

/**
 * Whether every leg of an order was delivered with its proof of delivery at the booked FC, and
 * what stands in the way when not: legs not delivered, delivered elsewhere, still to be reviewed.
 */
export function DeliveryProofChip({ delivery }: { delivery: DeliveryProof | null }) {
  if (!delivery || delivery.legs === 0) return <>N/A</>;
  if (delivery.at_booked_fc === delivery.legs) {
    return (
      <Chip
        size="small"
        color="success"
        label="All at booked FC with POD"
        title={`${legs(delivery.legs)}: every one delivered with proof of delivery at the booked FC`}
      />
    );
  }
  const notDelivered = delivery.legs - delivery.delivered;
  const elsewhere = delivery.delivered - delivery.at_booked_fc;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }} component="span">
      <Chip
        size="small"
        color="warning"
        label={`${delivery.at_booked_fc} of ${delivery.legs} at booked FC`}
      />
      {elsewhere > 0 && (
        <Chip
          size="small"
          color={delivery.different_fc_open > 0 ? "error" : "default"}
          variant="outlined"
          label={
            delivery.different_fc_open > 0
              ? `${legs(delivery.different_fc_open)} at another FC to review`
              : `${legs(elsewhere)} at another FC, settled`
          }
        />
      )}
      {notDelivered > 0 && (
        <Chip size="small" variant="outlined" label={`${legs(notDelivered)} not delivered`} />
      )}
    </Stack>
  );
}
