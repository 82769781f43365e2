import Avatar from "@mui/material/Avatar";
import type { SxProps, Theme } from "@mui/material/styles";
import { mediaUrl } from "../lib/media-url";
import { initials } from "../lib/names";

interface UserAvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}

/** The user's picture, or their initials on the brand colour. */
export function UserAvatar({ firstName, lastName, image, size = 36, sx }: UserAvatarProps) {
  const name = [firstName, lastName].filter(Boolean).join(" ");
  return (
    <Avatar
      src={mediaUrl(image)}
      alt={name || undefined}
      sx={[
        {
          width: size,
          height: size,
          bgcolor: "primary.main",
          fontSize: size * 0.4,
          fontWeight: 700,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials({ first_name: firstName, last_name: lastName })}
    </Avatar>
  );
}
