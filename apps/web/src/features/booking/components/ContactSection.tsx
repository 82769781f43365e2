import { FormSection } from "./FormSection";
import { FieldGrid, useShipmentForm, useTextField, type SectionProps } from "./shipment-form-parts";

export function ContactSection(section: SectionProps) {
  const { errors } = useShipmentForm().formState;
  const text = useTextField();
  return (
    <FormSection id="contact" title="Contact Information" {...section}>
      <FieldGrid columns={3}>
        {text(
          "contact_information.first_name",
          "First name",
          errors.contact_information?.first_name,
        )}
        {text("contact_information.last_name", "Last name", errors.contact_information?.last_name)}
        {text("contact_information.email", "Email", errors.contact_information?.email, {
          inputMode: "email",
        })}
      </FieldGrid>
    </FormSection>
  );
}
