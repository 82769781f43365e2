import { useState } from "react";
import { Box, Link, Typography } from "@mui/material";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import { mediaUrl } from "../../../lib/media-url";
import { getAttachment } from "../api/upload-attachment";
import { isPreviewableImage, shortenFileName } from "../lib/format";
import type { ChatAttachment } from "@fba/contract";

/** An image preview for the allowed image types, a download chip for everything else. */
export function AttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const [stored, setStored] = useState(attachment.attachment);
  const url = mediaUrl(stored);
  const [refreshed, setRefreshed] = useState(false);
  const label = shortenFileName(attachment.file_name, attachment.file_type);

  // Stored URLs expire; one retry with a fresh URL from the server.
  const onError = () => {
    if (refreshed) return;
    setRefreshed(true);
    getAttachment(attachment.id)
      .then((fresh) => setStored(fresh.attachment))
      .catch(() => undefined);
  };

  if (isPreviewableImage(attachment.file_type)) {
    return (
      <Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        underline="hover"
        sx={{ display: "block", mt: 0.5, color: "inherit" }}
      >
        <Box
          component="img"
          src={url}
          alt={`${attachment.file_name}.${attachment.file_type.replace(/\+xml$/, "")}`}
          onError={onError}
          loading="lazy"
          sx={{
            display: "block",
            maxWidth: "100%",
            width: 220,
            // A fixed box: the image arriving later does not shift the chat under the reader.
            height: 160,
            objectFit: "cover",
            borderRadius: 1,
            bgcolor: "action.hover",
          }}
        />
        <Typography variant="caption" sx={{ color: "inherit", opacity: 0.8 }}>
          {label} · {attachment.file_size}
        </Typography>
      </Link>
    );
  }
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      underline="none"
      sx={{
        mt: 0.5,
        display: "inline-flex",
        alignItems: "center",
        gap: 1,
        px: 1,
        py: 0.75,
        borderRadius: 1,
        bgcolor: "rgba(0,0,0,0.06)",
        color: "inherit",
        maxWidth: "100%",
      }}
      title={`${attachment.file_name}.${attachment.file_type}`}
    >
      <InsertDriveFileOutlined fontSize="small" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.8 }}>
          {attachment.file_size}
        </Typography>
      </Box>
    </Link>
  );
}
