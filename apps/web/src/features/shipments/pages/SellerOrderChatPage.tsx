import { Stack } from "@mui/material";
import { useParams, useSearchParams } from "react-router";
import { SampleChat } from "../../samples/components/SampleChat";
import { SampleShipmentDetails } from "../../samples/components/SampleShipmentDetails";
import { SellerShipmentView } from "../components/SellerShipmentView";

/** /seller/booking/recentorderstatus/{id}?src=currentShipments|sampleShipments: detail plus chat. */
export default function SellerOrderChatPage() {
  const id = Number(useParams().id);
  const [searchParams] = useSearchParams();
  const src = searchParams.get("src");
  if (src === "sampleShipments") {
    return (
      <Stack spacing={2}>
        <SampleShipmentDetails sampleId={id} side="seller" />
        <SampleChat id={id} side="seller" />
      </Stack>
    );
  }
  return <SellerShipmentView key={id} id={id} src={src ?? "currentShipments"} withChat />;
}
