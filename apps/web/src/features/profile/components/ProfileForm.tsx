import { useEffect, useState } from "react";
import {
  Box,
  Button,
  Divider,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { Controller, useForm, useWatch, type FieldPath } from "react-hook-form";
import { normalizePhone, type User } from "@fba/contract";
import { applyFieldErrors, formatApiError, notify, toastApiError } from "../../../lib/toast";
import { initials } from "../../../lib/names";
import { useUpdateProfile, useUpdateProfileImage } from "../api/update-profile";
import {
  PROFILE_FORM_FIELDS,
  profileFormDefaults,
  profileFormResolver,
  type ProfileFormValues,
} from "../profile-form";
import { AvatarField } from "./AvatarField";
import { PasswordField } from "./PasswordField";
import { useServerMessage } from "../../../i18n/server-messages";
import { useProfileT } from "../i18n";

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

/** Edits the signed-in user's name, phone, image, email notifications and password. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useProfileT();
  const serverMessage = useServerMessage();
  const message = (text: string | undefined) => serverMessage(text) ?? " ";
  const updateProfile = useUpdateProfile();
  const updateImage = useUpdateProfileImage();
  // Percent of the picture sent while it is being saved; null otherwise.
  const [imageProgress, setImageProgress] = useState<number | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    trigger,
    getValues,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    mode: "onTouched",
    reValidateMode: "onChange",
    defaultValues: profileFormDefaults(user),
    resolver: profileFormResolver,
  });

  // A changed copy of the user (from the server, or after saving) replaces the starting values;
  // neither it nor an identical copy may wipe what is being typed (a picture saved on its own
  // changes the user while the name may be half edited).
  const userSnapshot = JSON.stringify(user);
  useEffect(() => {
    reset(profileFormDefaults(JSON.parse(userSnapshot) as User), { keepDirtyValues: true });
  }, [userSnapshot, reset]);

  /**
   * A chosen picture (or its removal) is saved at once, on its own, so it is never lost by
   * leaving the page; the preview shows while it uploads, and a refusal stays under it.
   */
  const saveImage = async (image: File | null, clear: () => void) => {
    setImageProgress(0);
    try {
      await updateImage.mutateAsync({
        image,
        onProgress: ({ loaded, total }) =>
          setImageProgress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
      });
      notify.success(image ? t("imageSaved") : t("imageRemoved"));
      clear();
    } catch (error) {
      clear();
      if (!applyFieldErrors(error, setError, ["image"])) {
        setError("image", { type: "server", message: formatApiError(error) });
      }
    } finally {
      setImageProgress(null);
    }
  };

  const isImageRemoved = useWatch({ control, name: "remove_image" });
  // Milestone emails are some of the emails: with every email off, none of them go either.
  const emailNotifications = useWatch({ control, name: "email_notifications" });

  /** Re-checks the password fields whose rules depend on the one that changed. */
  const recheck = (fields: FieldPath<ProfileFormValues>[]) => {
    const filled = fields.filter((name) => getValues(name) !== "" || errors[name]);
    if (filled.length > 0) void trigger(filled);
  };

  const submit = handleSubmit(
    async (values) => {
      try {
        const res = await updateProfile.mutateAsync({
          first_name: values.first_name,
          last_name: values.last_name,
          phone: values.phone,
          email_notifications: values.email_notifications,
          milestone_emails: values.milestone_emails,
          // The picture is saved on its own as soon as it is chosen.
          image: null,
          remove_image: false,
          current_password: values.current_password || undefined,
          new_password: values.new_password || undefined,
          confirm_password: values.confirm_password || undefined,
        });
        notify.success(serverMessage(res.message) ?? res.message);
        // Saved: the form starts again from what was stored (the password fields empty).
        const { access_token: _access, refresh_token: _refresh, ...saved } = res.data;
        reset(profileFormDefaults(saved));
      } catch (error) {
        // The server may name the current password by its older key.
        const matched = applyFieldErrors(error, setError, PROFILE_FORM_FIELDS, {
          old_password: "current_password",
        });
        if (!matched) toastApiError(error);
      }
    },
    // The spec: an invalid submit only shows the field messages (and is logged).
    (invalid) => console.info("Profile form is invalid", Object.keys(invalid)),
  );

  const userInitials = initials(user);

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, md: 4 } }}
      aria-label={t("formLabel")}
    >
      <Stack spacing={3}>
        <Box
          sx={{
            display: "grid",
            gap: { xs: 2, md: 4 },
            gridTemplateColumns: { xs: "1fr", md: "200px 1fr" },
            alignItems: "start",
          }}
        >
          <Controller
            name="image"
            control={control}
            render={({ field, fieldState }) => (
              <AvatarField
                currentUrl={user.image}
                file={field.value}
                isRemoved={isImageRemoved}
                initials={userInitials}
                error={serverMessage(fieldState.error?.message)}
                progress={imageProgress}
                onFileChange={(file) => {
                  field.onChange(file);
                  setValue("remove_image", false);
                  void trigger("image").then((valid) => {
                    if (valid && file) void saveImage(file, () => field.onChange(null));
                  });
                }}
                onRemove={() => {
                  field.onChange(null);
                  void trigger("image");
                  if (user.image) {
                    setValue("remove_image", true);
                    void saveImage(null, () => setValue("remove_image", false));
                  }
                }}
              />
            )}
          />
          <Stack spacing={1}>
            <SectionTitle>{t("personal")}</SectionTitle>
            <Box
              sx={{
                display: "grid",
                columnGap: 2,
                rowGap: 1,
                gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" },
              }}
            >
              <Controller
                name="first_name"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t("firstName")}
                    required
                    autoComplete="given-name"
                    error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error?.message)}
                    slotProps={{ htmlInput: { maxLength: 60 } }}
                  />
                )}
              />
              <Controller
                name="last_name"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t("lastName")}
                    required
                    autoComplete="family-name"
                    error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error?.message)}
                    slotProps={{ htmlInput: { maxLength: 60 } }}
                  />
                )}
              />
              <Controller
                name="email"
                control={control}
                render={({ field }) => (
                  <TextField {...field} label={t("email")} disabled helperText=" " />
                )}
              />
              <Controller
                name="phone"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    // Brackets, spaces and hyphens are dropped as they are typed or pasted.
                    onChange={(event) => field.onChange(normalizePhone(event.target.value))}
                    label={t("phone")}
                    type="tel"
                    autoComplete="tel"
                    error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error?.message)}
                    slotProps={{ htmlInput: { maxLength: 20, inputMode: "tel" } }}
                  />
                )}
              />
            </Box>
            <Controller
              name="email_notifications"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                  label={t("emailNotifications")}
                />
              )}
            />
            <Controller
              name="milestone_emails"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      disabled={!emailNotifications}
                    />
                  }
                  label={t("milestoneEmails")}
                />
              )}
            />
          </Stack>
        </Box>

        <Divider />

        <Stack spacing={1}>
          <SectionTitle>{t("changePassword")}</SectionTitle>
          <Typography variant="body2" color="text.secondary">
            {t("keepPassword")}
          </Typography>
          <Box
            sx={{
              display: "grid",
              columnGap: 2,
              rowGap: 1,
              pt: 1,
              gridTemplateColumns: { xs: "1fr", md: "1fr 1fr 1fr" },
            }}
          >
            <Controller
              name="current_password"
              control={control}
              render={({ field, fieldState }) => (
                <PasswordField
                  {...field}
                  inputRef={field.ref}
                  onChange={(event) => {
                    field.onChange(event);
                    recheck(["new_password"]);
                  }}
                  label={t("currentPassword")}
                  autoComplete="current-password"
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                />
              )}
            />
            <Controller
              name="new_password"
              control={control}
              render={({ field, fieldState }) => (
                <PasswordField
                  {...field}
                  inputRef={field.ref}
                  onChange={(event) => {
                    field.onChange(event);
                    recheck(["current_password", "confirm_password"]);
                  }}
                  label={t("newPassword")}
                  autoComplete="new-password"
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                />
              )}
            />
            <Controller
              name="confirm_password"
              control={control}
              render={({ field, fieldState }) => (
                <PasswordField
                  {...field}
                  inputRef={field.ref}
                  label={t("confirmPassword")}
                  autoComplete="new-password"
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                />
              )}
            />
          </Box>
        </Stack>

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: "flex-end" }}>
          <Button
            onClick={() => reset(profileFormDefaults(user))}
            disabled={!isDirty || updateProfile.isPending}
          >
            {t("discard")}
          </Button>
          <Button type="submit" variant="contained" disabled={updateProfile.isPending}>
            {updateProfile.isPending ? t("saving") : t("save")}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
