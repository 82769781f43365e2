// What the seller's shipment page shows of a shipment once bidding has closed with bids: the bid
// comparison, and the order after the award (the layout with its chat, charge changes, delivery
// banners, destinations, documents, PDFs, rating). One chunk, loaded only for such shipments (see
// SellerShipmentView).
export { ChargeChangeCard } from "../../features/charge-changes/components/ChargeChangeCard";
export { OrderChatLayout } from "../../features/chat/components/OrderChatLayout";
export { ComparisonPanel } from "../../features/comparison/components/ComparisonPanel";
export { LegsPanel } from "../../features/legs/components/LegsPanel";
export { OrderPdfButtons } from "../../features/order-pdfs/components/OrderPdfButtons";
export { RatingPanel } from "../../features/ratings/components/RatingPanel";
export { OrderDeliveryBanners, OrderDocuments } from "./OrderDocuments";
