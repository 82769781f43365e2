import { useEffect, useId, useMemo, useRef } from "react";
import {
  Avatar,
  Box,
  Button,
  FormHelperText,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import PhotoCameraOutlinedIcon from "@mui/icons-material/PhotoCameraOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { PROFILE_IMAGE_MIME_TYPES } from "@fba/contract";
import { mediaUrl } from "../../../lib/media-url";
import { useProfileT } from "../i18n";

export interface AvatarFieldProps {
  /** The image stored on the server, if any. */
  currentUrl: string | null;
  file: File | null;
  isRemoved: boolean;
  initials: string;
  error?: string;
  /** While the chosen picture is being saved: how much of it went out, in percent. */
  progress?: number | null;
  onFileChange: (file: File | null) => void;
  onRemove: () => void;
}

/** Picks, previews and removes the profile image; the form saves each change at once. */
export function AvatarField({
  currentUrl,
  file,
  isRemoved,
  initials,
  error,
  progress = null,
  onFileChange,
  onRemove,
}: AvatarFieldProps) {
  const { t } = useProfileT();
  const inputRef = useRef<HTMLInputElement>(null);
  const helperId = useId();
  // Only a file that passed the type check is previewed; anything else would not render anyway.
  const previewUrl = useMemo(
    () => (file && !error ? URL.createObjectURL(file) : null),
    [file, error],
  );
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const shownUrl = previewUrl ?? (isRemoved || file ? null : (mediaUrl(currentUrl) ?? null));
  const hasImage = Boolean(shownUrl);
  const isSaving = progress !== null;

  return (
    <Stack spacing={1.5} sx={{ alignItems: "center" }}>
      <Avatar
        src={shownUrl ?? undefined}
        alt={hasImage ? t("image.preview") : undefined}
        sx={{ width: 112, height: 112, fontSize: 40, bgcolor: "primary.main" }}
      >
        {initials}
      </Avatar>
      <input
        ref={inputRef}
        id={`${helperId}-input`}
        type="file"
        hidden
        accept={PROFILE_IMAGE_MIME_TYPES.join(",")}
        aria-describedby={error ? helperId : undefined}
        data-testid="profile-image-input"
        onChange={(event) => {
          onFileChange(event.target.files?.[0] ?? null);
          // Choosing the same file again must fire change again.
          event.target.value = "";
        }}
      />
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{
          flexWrap: "wrap",
          justifyContent: "center",
          "& .MuiButton-root": { whiteSpace: "nowrap" },
        }}
      >
        <Button
          size="small"
          variant="outlined"
          startIcon={<PhotoCameraOutlinedIcon />}
          disabled={isSaving}
          onClick={() => inputRef.current?.click()}
        >
          {hasImage ? t("image.change") : t("image.upload")}
        </Button>
        {(hasImage || file) && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={isSaving}
            onClick={onRemove}
          >
            {t("image.remove")}
          </Button>
        )}
      </Stack>
      <Box sx={{ minHeight: 20, width: "100%", maxWidth: 220 }}>
        {isSaving && (
          <Box role="status" aria-label={t("image.savingLabel")}>
            <Typography variant="caption" color="text.secondary" component="div">
              {t("image.saving", { progress })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={t("image.uploadProgress")}
            />
          </Box>
        )}
        {error && (
          <FormHelperText id={helperId} error role="alert">
            {error}
          </FormHelperText>
        )}
      </Box>
    </Stack>
  );
}
