import { Stack } from "@mui/material";
import { Tag } from "../../../components/Tag";
import type { DeliveryProof } from "@fba/contract";
import { useEntitiesT } from "../../../i18n/entities";

/**
 * Whether every leg of an order was delivered with its proof of delivery at the booked FC, and
 * what stands in the way when not: legs not delivered, delivered elsewhere, still to be reviewed.
 */
export function DeliveryProofChip({ delivery }: { delivery: DeliveryProof | null }) {
  const { t } = useEntitiesT();
  const legs = (count: number) => t("legs", { count });
  if (!delivery || delivery.legs === 0) return <>{t("notAvailable")}</>;
  if (delivery.at_booked_fc === delivery.legs) {
    return (
      <Tag
        color="success"
        label={t("delivery.allAtBooked")}
        title={t("delivery.allAtBookedTitle", { legs: legs(delivery.legs) })}
      />
    );
  }
  const notDelivered = delivery.legs - delivery.delivered;
  const elsewhere = delivery.delivered - delivery.at_booked_fc;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }} component="span">
      <Tag
        color="warning"
        label={t("delivery.atBooked", { atBooked: delivery.at_booked_fc, legs: delivery.legs })}
      />
      {elsewhere > 0 && (
        <Tag
          color={delivery.different_fc_open > 0 ? "error" : "default"}
          variant="outlined"
          label={
            delivery.different_fc_open > 0
              ? t("delivery.elsewhereOpen", { legs: legs(delivery.different_fc_open) })
              : t("delivery.elsewhereSettled", { legs: legs(elsewhere) })
          }
        />
      )}
      {notDelivered > 0 && (
        <Tag variant="outlined" label={t("delivery.notDelivered", { legs: legs(notDelivered) })} />
      )}
    </Stack>
  );
}
