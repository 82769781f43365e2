import { useRef, useState, type FormEvent } from "react";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { alpha } from "@mui/material/styles";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  documentMessages,
  formatFileSize,
  ORDER_DOCUMENT_TYPES,
  PROOF_OF_DELIVERY,
  type Leg,
  type OrderDocumentType,
} from "@fba/contract";
import { HelperText, OutlinedNativeSelect } from "../../../components/OutlinedField";
import { ApiError } from "../../../lib/api-client";
import { formatApiError, notify } from "../../../lib/toast";
import type { UploadProgress } from "../../../lib/upload";
import { useUploadDocument } from "../api/documents";
import { legLabel } from "../lib/leg-label";
import { useServerMessage } from "../../../i18n/server-messages";
import { useDocumentsT } from "../i18n";

type Field = "type" | "leg_id" | "file";
type Errors = Partial<Record<Field | "form", string>>;

const EXTENSIONS = /\.(pdf|png|jpe?g|webp)$/i;

/**
 * Why a file cannot be sent, judged before it is: its size, or a name and type that are neither
 * PDF, PNG, JPEG nor WebP. The server still decides by the file's bytes.
 */
export function refusalOf(file: File): string | undefined {
  if (file.size > DOCUMENT_MAX_BYTES) return documentMessages.fileTooLarge;
  const knownType = (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
  if (!knownType && !EXTENSIONS.test(file.name)) return documentMessages.fileType;
  return undefined;
}

const percent = (progress: UploadProgress | null) =>
  progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

/** Type, optional leg and file; the upload shows its progress and can be cancelled. */
export function UploadDocumentForm({ shipmentId, legs }: { shipmentId: number; legs: Leg[] }) {
  const { t } = useDocumentsT();
  const shown = useServerMessage();
  const upload = useUploadDocument(shipmentId);
  const [type, setType] = useState<OrderDocumentType | "">("");
  const [legId, setLegId] = useState<number | "">("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = upload.isPending;

  const chooseFile = (chosen: File | undefined) => {
    setCancelled(false);
    setFile(chosen ?? null);
    setErrors(({ file: _file, form: _form, ...rest }) =>
      chosen ? { ...rest, file: refusalOf(chosen) } : rest,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCancelled(false);
    const found: Errors = {
      type: type ? undefined : documentMessages.typeRequired,
      leg_id: type === PROOF_OF_DELIVERY && legId === "" ? documentMessages.legRequired : undefined,
      file: file ? refusalOf(file) : documentMessages.fileRequired,
    };
    setErrors(found);
    if (!type || !file || Object.values(found).some(Boolean)) return;
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    try {
      const res = await upload.mutateAsync({
        type,
        legId: legId === "" ? null : legId,
        file,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      notify.success(shown(res.message) ?? res.message);
      setFile(null);
      setType("");
      setLegId("");
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") {
        setCancelled(true);
      } else if (error instanceof ApiError && error.errors.some((item) => item.field)) {
        // A refused file says why next to the field: its type or its size.
        const byField: Errors = {};
        for (const item of error.errors) {
          const field = (["type", "leg_id", "file"] as const).find((name) => name === item.field);
          byField[field ?? "form"] ??= item.message;
        }
        setErrors(byField);
      } else {
        setErrors({ form: formatApiError(error) });
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t("upload.label")}>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
          {/* Native selects (the phone's own picker): MUI's select brings its menu, popover and
              modal code into the shipment page's first download. */}
          <OutlinedNativeSelect
            size="medium"
            label={t("upload.type")}
            value={type}
            onChange={(value) => {
              setType(value as OrderDocumentType);
              setErrors(({ type: _type, leg_id: _leg, ...rest }) => rest);
            }}
            error={!!errors.type}
            helperText={shown(errors.type) ?? ""}
            disabled={busy}
            required
            sx={{ minWidth: { md: 240 } }}
          >
            <option value="" disabled hidden />
            {ORDER_DOCUMENT_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`types.${option}`)}
              </option>
            ))}
          </OutlinedNativeSelect>
          <OutlinedNativeSelect
            size="medium"
            label={t("upload.leg")}
            value={legId}
            onChange={(value) => {
              setLegId(value === "" ? "" : Number(value));
              setErrors(({ leg_id: _leg, ...rest }) => rest);
            }}
            error={!!errors.leg_id}
            helperText={
              shown(errors.leg_id) ?? (type === PROOF_OF_DELIVERY ? t("upload.podNeedsLeg") : "")
            }
            disabled={busy}
            sx={{ minWidth: { md: 240 } }}
          >
            <option value="">{t("upload.wholeOrder")}</option>
            {legs.map((leg) => (
              <option key={leg.id} value={leg.id}>
                {legLabel(leg)}
              </option>
            ))}
          </OutlinedNativeSelect>
          <Box sx={{ minWidth: 0 }}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={busy}
              sx={{ height: 56, width: { xs: "100%", md: "auto" } }}
            >
              {t("upload.chooseFile")}
              <input
                ref={fileInput}
                type="file"
                hidden
                accept={DOCUMENT_ACCEPT}
                aria-label={t("upload.fileLabel")}
                onChange={(event) => chooseFile(event.target.files?.[0])}
              />
            </Button>
            <HelperText error={!!errors.file}>
              {shown(errors.file) ??
                (file
                  ? t("upload.chosen", { name: file.name, size: formatFileSize(file.size) })
                  : t("upload.accepted"))}
            </HelperText>
          </Box>
        </Stack>
        {progress && (
          <Stack spacing={0.5}>
            <Typography variant="body2" id="document-upload-progress">
              {t("upload.progress", { name: file?.name ?? "", percent: percent(progress) })}
            </Typography>
            {/* A native progress bar drawn as MUI's determinate LinearProgress. */}
            <Box
              component="progress"
              max={100}
              value={percent(progress)}
              aria-labelledby="document-upload-progress"
              sx={(theme) => {
                const track = alpha(theme.palette.primary.main, 0.2);
                const bar = { backgroundColor: theme.palette.primary.main, borderRadius: 2 };
                return {
                  display: "block",
                  width: "100%",
                  height: 4,
                  appearance: "none",
                  border: 0,
                  borderRadius: 2,
                  backgroundColor: track,
                  "&::-webkit-progress-bar": { backgroundColor: track, borderRadius: 2 },
                  "&::-webkit-progress-value": bar,
                  "&::-moz-progress-bar": bar,
                };
              }}
            />
          </Stack>
        )}
        {cancelled && <Alert severity="info">{t("upload.cancelled")}</Alert>}
        {errors.form && (
          <Alert severity="error" sx={{ whiteSpace: "pre-line" }}>
            {shown(errors.form)}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("upload.submit")}
          </Button>
          {busy && (
            <Button variant="outlined" color="inherit" onClick={() => controller.current?.abort()}>
              {t("upload.cancel")}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
