import { useState } from "react";
import { Button } from "@mui/material";
import DownloadIcon from "@mui/icons-material/FileDownloadOutlined";
import { downloadFromApi } from "../lib/download";
import { toastApiError } from "../lib/toast";
import { useListsT } from "../i18n/lists";

/** "Export CSV": downloads a list's CSV export (signed in, so fetched with the session). */
export function ExportCsvButton({ path, fileName }: { path: string; fileName: string }) {
  const { t } = useListsT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFromApi(path, fileName);
    } catch (error) {
      toastApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={busy}
      onClick={() => void download()}
    >
      {t("actions.exportCsv")}
    </Button>
  );
}
