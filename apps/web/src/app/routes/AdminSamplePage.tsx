import { Link as RouterLink, useParams } from "react-router";
import { Button, Stack } from "@mui/material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { SampleChat } from "./SampleChat";
import { SampleShipmentDetails } from "../../features/samples/components/SampleShipmentDetails";
import { PageHeader } from "../../components/PageHeader";
import { paths } from "../paths";

/** /admin/samples/{id}: one sample shipment and its chat, in which the admin can post. */
export default function AdminSamplePage() {
  const id = Number(useParams().id);
  return (
    <Stack>
      <PageHeader
        title="Sample Shipment"
        actions={
          <Button
            component={RouterLink}
            to={`${paths.admin.dashboard}?tab=samples`}
            startIcon={<ArrowBack />}
          >
            All sample shipments
          </Button>
        }
      />
      <SampleChat
        key={id}
        id={id}
        side="admin"
        details={<SampleShipmentDetails sampleId={id} side="admin" />}
      />
    </Stack>
  );
}
