import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Me, SuccessEnvelope, UpdateProfileResult } from "@fba/contract";
import { apiRequest } from "../../../lib/api-client";
import { authStorage } from "../../../lib/auth-storage";
import { notifySessionChanged } from "../../../lib/session";
import { meQueryKey } from "../../../lib/me";
import { uploadWithProgress, type UploadProgress } from "../../../lib/upload";

/** What the profile form sends; text fields travel as multipart text. */
export interface UpdateProfileRequest {
  first_name: string;
  last_name: string;
  phone: string;
  email_notifications: boolean;
  milestone_emails: boolean;
  image: File | null;
  remove_image: boolean;
  current_password?: string;
  new_password?: string;
  confirm_password?: string;
}

export function toProfileFormData(input: UpdateProfileRequest): FormData {
  const form = new FormData();
  form.append("first_name", input.first_name.trim());
  form.append("last_name", input.last_name.trim());
  // A blank phone clears it on the server.
  form.append("phone", input.phone);
  form.append("email_notifications", String(input.email_notifications));
  form.append("milestone_emails", String(input.milestone_emails));
  if (input.image) form.append("image", input.image, input.image.name);
  else if (input.remove_image) form.append("remove_image", "true");
  if (input.new_password) {
    form.append("current_password", input.current_password ?? "");
    form.append("new_password", input.new_password);
    form.append("confirm_password", input.confirm_password ?? "");
  }
  return form;
}

export function updateProfile(input: UpdateProfileRequest) {
  return apiRequest<SuccessEnvelope<UpdateProfileResult>>("auth/v1/update-profile/", {
    method: "PATCH",
    body: toProfileFormData(input),
  });
}

/** The new picture, or none: only the image travels, every other field stays as stored. */
export interface ProfileImageChange {
  image: File | null;
  onProgress: (progress: UploadProgress) => void;
}

export function updateProfileImage({ image, onProgress }: ProfileImageChange) {
  const form = new FormData();
  if (image) form.append("image", image, image.name);
  else form.append("remove_image", "true");
  return uploadWithProgress<SuccessEnvelope<UpdateProfileResult>>("auth/v1/update-profile/", form, {
    onProgress,
    method: "PATCH",
  });
}

/**
 * Keeps the saved user everywhere at once: the stored user (the header's avatar and name), and
 * `me`, read again for the storage use; a password change returns a fresh token pair (other
 * sessions are revoked), which is kept.
 */
function useStoreSavedUser() {
  const queryClient = useQueryClient();
  return (res: SuccessEnvelope<UpdateProfileResult>) => {
    const { access_token, refresh_token, ...user } = res.data;
    if (access_token && refresh_token) authStorage.setTokens(access_token, refresh_token);
    authStorage.setUser(user);
    notifySessionChanged();
    queryClient.setQueryData<SuccessEnvelope<Me>>(meQueryKey, (old) =>
      old ? { ...old, data: { ...old.data, ...user } } : old,
    );
    // A new or removed picture changes the storage use the profile shows.
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

/** Saves the profile, then updates the stored user. */
export function useUpdateProfile() {
  const onSuccess = useStoreSavedUser();
  return useMutation({ mutationFn: updateProfile, onSuccess });
}

/** Saves (or removes) the profile picture on its own, as soon as it is chosen. */
export function useUpdateProfileImage() {
  const onSuccess = useStoreSavedUser();
  return useMutation({ mutationFn: updateProfileImage, onSuccess });
}
