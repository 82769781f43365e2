/** The shipment's texts are the entity's namespace (its details and amounts show on every side). */
export { useShipmentsT } from "../../entities/shipment/i18n";
