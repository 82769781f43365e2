import { FormSection } from "./FormSection";
import { FieldGrid, useShipmentForm, useTextField, type SectionProps } from "./shipment-form-parts";
import { useBookingT } from "../i18n";

export function ContactSection(section: SectionProps) {
  const { errors } = useShipmentForm().formState;
  const text = useTextField();
  const { t } = useBookingT();
  return (
    <FormSection id="contact" title={t("sections.contact")} {...section}>
      <FieldGrid columns={3}>
        {text(
          "contact_information.first_name",
          t("fields.firstName"),
          errors.contact_information?.first_name,
        )}
        {text(
          "contact_information.last_name",
          t("fields.lastName"),
          errors.contact_information?.last_name,
        )}
        {text("contact_information.email", t("fields.email"), errors.contact_information?.email, {
          inputMode: "email",
        })}
      </FieldGrid>
    </FormSection>
  );
}
