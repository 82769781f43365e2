import { Alert, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { useCurrentUser } from "../../../lib/session";
import { useProfile } from "../api/get-profile";
import { ProfileForm } from "../components/ProfileForm";
import { StorageUsage } from "../components/StorageUsage";
import { LanguageSection } from "../components/LanguageSection";
import { useServerMessage } from "../../../i18n/server-messages";
import { useProfileT } from "../i18n";

/** /seller/profile, /shipper/profile and /admin/profile. */
export default function ProfilePage() {
  const { t } = useProfileT();
  const serverMessage = useServerMessage();
  const storedUser = useCurrentUser();
  const { data: user, error } = useProfile();
  // The stored copy shows at once; the server's copy replaces it when it arrives.
  const shown = user ?? storedUser;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1">
        {t("title")}
      </Typography>
      {error && !shown && (
        <Alert severity="error">{serverMessage(error.message) ?? error.message}</Alert>
      )}
      {shown ? (
        <>
          <ProfileForm user={shown} />
          <LanguageSection />
          {user?.storage && <StorageUsage usage={user.storage} />}
        </>
      ) : (
        <Paper sx={{ p: 3 }}>
          <Skeleton variant="circular" width={112} height={112} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Paper>
      )}
    </Stack>
  );
}
