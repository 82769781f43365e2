import { lazy, Suspense } from "react";
import { useParams, useSearchParams } from "react-router";
import { Loading } from "../../components/Loading";
import { loadOrderPanels, SellerShipmentView } from "./SellerShipmentView";

// A sample's chat and details are another page's code (the sample's dashboard charts among what
// they bring): an order, the page's usual content, downloads none of it.
const SampleChat = lazy(() => import("./SampleChat").then((m) => ({ default: m.SampleChat })));
const SampleShipmentDetails = lazy(() =>
  import("../../features/samples/components/SampleShipmentDetails").then((m) => ({
    default: m.SampleShipmentDetails,
  })),
);

/** /seller/booking/recentorderstatus/{id}?src=currentShipments|sampleShipments: detail plus chat. */
export default function SellerOrderChatPage() {
  const id = Number(useParams().id);
  const [searchParams] = useSearchParams();
  const src = searchParams.get("src");
  if (src === "sampleShipments") {
    return (
      <Suspense fallback={<Loading />}>
        <SampleChat
          id={id}
          side="seller"
          details={<SampleShipmentDetails sampleId={id} side="seller" />}
        />
      </Suspense>
    );
  }
  // An order always shows the order's panels and chat: their code downloads alongside the
  // shipment's first reads rather than after the shipment has arrived.
  void loadOrderPanels();
  return <SellerShipmentView key={id} id={id} src={src ?? "currentShipments"} withChat />;
}
