import type { ReactNode } from "react";
import { Alert, Stack } from "@mui/material";
import { OrderChatLayout } from "../../features/chat/components/OrderChatLayout";
import { useSampleShipment } from "../../features/samples/api/get-sample-shipment";

/**
 * A sample shipment's details with its chat: open for new messages until the sample is
 * completed. Once another agent has claimed the sample, an agent sees the details only.
 */
export function SampleChat({
  id,
  side,
  details,
}: {
  id: number;
  side: "seller" | "shipper" | "admin";
  details: ReactNode;
}) {
  const { data: sample } = useSampleShipment(id);
  if (side === "shipper" && sample?.claim && !sample.claim.is_mine) {
    return (
      <Stack spacing={2}>
        {details}
        <Alert severity="info">
          Another agent is handling this sample shipment, so its chat is closed to you.
        </Alert>
      </Stack>
    );
  }
  return (
    <OrderChatLayout
      main={details}
      chat={{
        kind: "sample",
        id,
        side,
        canSend: sample !== undefined && sample.status !== "Shipment Completed",
      }}
    />
  );
}
