import { useParams, useSearchParams } from "react-router";
import { SellerShipmentView } from "./SellerShipmentView";

/** /seller/booking/order/status/{id}?src=pendingorders|newshipment|phone|cancelledorders */
export default function SellerShipmentPage() {
  const id = Number(useParams().id);
  const [searchParams] = useSearchParams();
  return <SellerShipmentView key={id} id={id} src={searchParams.get("src")} withChat={false} />;
}
