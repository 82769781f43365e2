import { useState } from "react";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from "@mui/material";
import type { QuotationService } from "@fba/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import type { Quotation } from "../../../entities/shipment/api/types";
import { ServiceTotals, servicePriceOf } from "../../../entities/shipment/components/ServiceTotals";
import { defaultServiceOf, offeredServices } from "../../../entities/shipment/lib/quotation";
import { useShipmentsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";
import { serviceTotalOf } from "../../../entities/shipment/lib/quotation";

/**
 * Accepting commits the order, so it is confirmed first: which service is bought (a choice when
 * the quotation prices both, the one of its total by default) and what it comes to.
 */
export function AcceptEstimateDialog({
  quotation,
  open,
  isBusy,
  onClose,
  onConfirm,
}: {
  quotation: Quotation;
  open: boolean;
  isBusy: boolean;
  onClose: () => void;
  onConfirm: (service: QuotationService | null) => void;
}) {
  const offered = offeredServices(quotation);
  const [choice, setChoice] = useState<QuotationService | null>(() => defaultServiceOf(quotation));
  const agent = `${quotation.user.first_name} ${quotation.user.last_name}`;
  const { t } = useShipmentsT();
  const format = useFormat();

  return (
    <ConfirmDialog
      open={open}
      title={t("accept.title")}
      message={t("accept.message", { agent })}
      confirmLabel={t("accept.confirm")}
      cancelLabel={t("accept.back")}
      maxWidth="sm"
      busy={isBusy}
      onConfirm={() => onConfirm(choice)}
      onCancel={onClose}
    >
      <Stack spacing={2}>
        {offered.length > 1 && (
          <FormControl>
            <FormLabel id="accept-service-label">{t("accept.service")}</FormLabel>
            <RadioGroup
              aria-labelledby="accept-service-label"
              value={choice ?? ""}
              onChange={(event) => setChoice(event.target.value as QuotationService)}
            >
              {offered.map((service) => (
                <FormControlLabel
                  key={service}
                  value={service}
                  control={<Radio />}
                  label={t("accept.choice", {
                    service: t(`services.${service}`),
                    price: format.money(servicePriceOf(quotation, service)),
                    total: format.money(serviceTotalOf(quotation, service)),
                  })}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        {choice && <ServiceTotals quotation={quotation} service={choice} />}
      </Stack>
    </ConfirmDialog>
  );
}
