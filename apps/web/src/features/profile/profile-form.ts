import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MIME_TYPES,
  profileMessages,
  updateProfileInputSchema,
  type User,
} from "@fba/contract";

export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  email_notifications: boolean;
  milestone_emails: boolean;
  image: File | null;
  remove_image: boolean;
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export const PROFILE_FORM_FIELDS = [
  "first_name",
  "last_name",
  "phone",
  "image",
  "current_password",
  "new_password",
  "confirm_password",
] as const;

export function profileFormDefaults(user: User | null | undefined): ProfileFormValues {
  return {
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    phone: user?.profile.phone ?? "",
    email: user?.email ?? "",
    email_notifications: user?.email_notifications ?? true,
    milestone_emails: user?.milestone_emails ?? true,
    image: null,
    remove_image: false,
    current_password: "",
    new_password: "",
    confirm_password: "",
  };
}

/** The image rules checked in the browser before upload (the server checks the bytes again). */
export function imageError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!(PROFILE_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return profileMessages.imageUnsupported;
  }
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return profileMessages.imageTooLarge;
  return undefined;
}

const contractResolver = zodResolver(updateProfileInputSchema, undefined, { raw: true });

/**
 * The server's own profile schema validates the text fields (same rules, same messages); the
 * image, a File only the browser has, is checked here.
 */
export const profileFormResolver: Resolver<ProfileFormValues> = async (
  values,
  context,
  options,
) => {
  const { email: _email, image, ...fields } = values;
  const result = await contractResolver(fields, context, {
    ...options,
    names: options.names?.filter((name) => name !== "image" && name !== "email"),
    fields: options.fields,
  } as Parameters<typeof contractResolver>[2]);
  const errors: FieldErrors<ProfileFormValues> = {
    ...(result.errors as FieldErrors<ProfileFormValues>),
  };
  const message = imageError(image);
  if (message) errors.image = { type: "image", message };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
