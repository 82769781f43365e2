export interface SampleShipmentDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The sample shipment request dialog (product name, quantity, address). */
export function SampleShipmentDialog(_props: SampleShipmentDialogProps) {
  return null;
}
