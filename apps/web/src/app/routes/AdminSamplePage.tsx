import { Link as RouterLink, useParams } from "react-router";
import { Button, Stack } from "@mui/material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { SampleChat } from "./SampleChat";
import { SampleShipmentDetails } from "../../features/samples/components/SampleShipmentDetails";
import { PageHeader } from "../../components/PageHeader";
import { paths } from "../paths";
import { useAdminT } from "../../features/admin/i18n";

/** /admin/samples/{id}: one sample shipment and its chat, in which the admin can post. */
export default function AdminSamplePage() {
  const { t } = useAdminT();
  const id = Number(useParams().id);
  return (
    <Stack>
      <PageHeader
        title={t("sample.title")}
        actions={
          <Button
            component={RouterLink}
            to={`${paths.admin.dashboard}?tab=samples`}
            startIcon={<ArrowBack />}
          >
            {t("sample.all")}
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
