import { useState } from "react";
import {
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TablePagination,
  Typography,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@fba/contract";
import { useCurrentUser } from "../../../lib/session";
import type { Announcement } from "@fba/contract";
import { notify, toastApiError } from "../../../lib/toast";
import { useAnnouncements, useRemoveAnnouncement } from "../api/announcements";
import { useAnnouncementChannel } from "../api/use-announcement-channel";
import { useAnnouncementsT } from "../i18n";
import { useServerMessage } from "../../../i18n/server-messages";
import { AnnouncementListItem } from "../components/AnnouncementListItem";
import { CreateAnnouncementDialog } from "../components/CreateAnnouncementDialog";
import { RemoveAnnouncementDialog } from "../components/RemoveAnnouncementDialog";
import { announcementDetailPath } from "../../../app/paths";
import { canPostAnnouncements, canRemoveAnnouncements } from "../lib/announcement-access";
import { QueryNotice, QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";

/** The announcements list, the same screen for every role. */
export default function AnnouncementsPage() {
  const { t } = useAnnouncementsT();
  const serverMessage = useServerMessage();
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const announcements = useAnnouncements(page, perPage);
  const { view } = useQueryView(announcements);
  useAnnouncementChannel();
  const mayPost = canPostAnnouncements(user?.groups);
  const mayRemove = canRemoveAnnouncements(user?.groups);
  const [removing, setRemoving] = useState<Announcement | null>(null);
  const remove = useRemoveAnnouncement();
  const confirmRemove = (disableSender: boolean) => {
    if (!removing) return;
    remove.mutate(
      { id: removing.id, disableSender },
      {
        onSuccess: (res) => notify.success(serverMessage(res.message) ?? res.message),
        onError: toastApiError,
        onSettled: () => setRemoving(null),
      },
    );
  };
  const items = announcements.data?.data ?? [];
  const total = announcements.data?.pagination_option.count ?? 0;

  let content;
  if (view === "loading") {
    content = (
      <Box sx={{ display: "grid", placeItems: "center", p: 6 }}>
        <CircularProgress aria-label={t("loadingList")} />
      </Box>
    );
  } else if (view !== "ready") {
    content = <QueryProblem problem={view} what={t("whatList")} query={announcements} />;
  } else if (items.length === 0 && page === 1) {
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: "center" }}>
        <CampaignOutlined sx={{ fontSize: 56, color: "text.disabled" }} />
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {t("empty")}
        </Typography>
        {mayPost && (
          <Button
            variant="contained"
            startIcon={<Add />}
            sx={{ mt: 2 }}
            onClick={() => setCreating(true)}
          >
            {t("createFirst")}
          </Button>
        )}
      </Paper>
    );
  } else {
    content = (
      <>
        <Stack spacing={1.5}>
          {items.map((announcement) => (
            <AnnouncementListItem
              key={announcement.id}
              announcement={announcement}
              to={announcementDetailPath(user?.groups, announcement.id)}
              onRemove={mayRemove ? setRemoving : undefined}
            />
          ))}
        </Stack>
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          onPageChange={(_, next) => setPage(next + 1)}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          labelRowsPerPage={t("perPage")}
          getItemAriaLabel={(type) => t(`pageButton.${type}`)}
          labelDisplayedRows={({ from, to, count }) => t("displayedRows", { from, to, count })}
          sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", px: 0 } }}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(1);
          }}
        />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 960, mx: "auto" }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: "center", justifyContent: "space-between", mb: 2, flexWrap: "wrap" }}
        useFlexGap
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t("title")}
        </Typography>
        {mayPost && items.length > 0 && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t("create")}
          </Button>
        )}
      </Stack>
      {view === "ready" && <QueryNotice query={announcements} what={t("whatList")} />}
      {content}
      {mayPost && <CreateAnnouncementDialog open={creating} onClose={() => setCreating(false)} />}
      {mayRemove && (
        <RemoveAnnouncementDialog
          key={removing?.id ?? 0}
          announcement={removing}
          currentUserId={user?.id ?? null}
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      )}
    </Box>
  );
}
