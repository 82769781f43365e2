import { useEffect, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Stack } from "@mui/material";
import { sampleShipmentKeys } from "../../entities/sample/api/keys";
import { chatHistoryQueryOptions } from "../../features/chat/api/get-chat-history";
import { OrderChatLayout } from "../../features/chat/components/OrderChatLayout";
import { useSampleShipment } from "../../features/samples/api/get-sample-shipment";
import { isHandledByAnother } from "../../features/samples/lib/claim";
import { useHandlerName } from "../../features/samples/components/SampleStatusChip";
import { useSamplesT } from "../../features/samples/i18n";

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
  const { t } = useSamplesT();
  const handlerName = useHandlerName();
  const { data: sample } = useSampleShipment(id);
  const queryClient = useQueryClient();
  // The chat panel loads and updates the history; this only reads it from the cache.
  const { data: chat } = useQuery({ ...chatHistoryQueryOptions("sample", id), enabled: false });
  const agentHasWritten = chat?.messages.some((m) => m.sender_type === "Shipper") ?? false;
  const isUnclaimed =
    sample !== undefined && !sample.claim && sample.status !== "Shipment Completed";
  useEffect(() => {
    // An agent's first message claims the sample: fetch it again to show who handles it now.
    if (agentHasWritten && isUnclaimed) {
      void queryClient.invalidateQueries({ queryKey: sampleShipmentKeys.detail(id) });
    }
  }, [agentHasWritten, isUnclaimed, queryClient, id]);

  if (sample && isHandledByAnother(sample, side)) {
    return (
      <Stack spacing={2}>
        {details}
        <Alert severity="info">
          {t("details.closedChat", {
            name: handlerName(sample) ?? t("details.anotherAgentCapital"),
          })}
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
