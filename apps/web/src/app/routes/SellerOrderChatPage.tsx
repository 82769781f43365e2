import { useParams, useSearchParams } from "react-router";
import { SampleChat } from "./SampleChat";
import { SampleShipmentDetails } from "../../features/samples/components/SampleShipmentDetails";
import { SellerShipmentView } from "./SellerShipmentView";

/** /seller/booking/recentorderstatus/{id}?src=currentShipments|sampleShipments: detail plus chat. */
export default function SellerOrderChatPage() {
  const id = Number(useParams().id);
  const [searchParams] = useSearchParams();
  const src = searchParams.get("src");
  if (src === "sampleShipments") {
    return (
      <SampleChat
        id={id}
        side="seller"
        details={<SampleShipmentDetails sampleId={id} side="seller" />}
      />
    );
  }
  return <SellerShipmentView key={id} id={id} src={src ?? "currentShipments"} withChat />;
}
