import type { Readable } from "node:stream";
import { profileMessages, type UpdateProfileData, type UpdateProfileResult } from "@fba/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import type { FileStorage } from "../../lib/storage.js";
import type { TokenService } from "../../lib/tokens.js";
import type { Authenticator } from "../../plugins/auth.js";
import type { AuthUser } from "../../lib/principal.js";
import { AppError } from "../../lib/errors.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import { issueSession, releaseStorage, revokeAllSessions } from "../auth/index.js";
import { updateProfile, type ProfileChanges, type StorageQuota } from "../auth/index.js";
import { presentUser } from "../auth/index.js";
import { makeAvatar } from "./avatar-image.js";
import type { UploadedFile } from "./profile-upload.js";
import { canEditProfile, canViewAvatar } from "./users.policy.js";
import { findAvatar, findUser, lockAvatar } from "./users.repository.js";

const AVATAR_FOLDER = "avatars";

export interface AvatarFile {
  stream: Readable;
  contentType: string;
  /** True when the request named the current version, so the bytes can be cached for good. */
}

export interface UserServiceDeps {
  db: Db;
  events: EventBus;
  storage: FileStorage;
  tokens: TokenService;
  authenticator: Pick<Authenticator, "forget">;
  config: Pick<Config, "PUBLIC_URL">;
  log: FastifyBaseLogger;
  /** The account's storage total: an avatar counts what it adds beyond the one it replaces. */
  quota: StorageQuota;
}

export class UserService {
  constructor(private readonly deps: UserServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  async updateProfile(
    caller: AuthUser,
    input: UpdateProfileData,
    image?: UploadedFile,
  ): Promise<UpdateProfileResult> {
    if (!canEditProfile(caller, caller.id)) throw AppError.forbidden();
    const user = await findUser(this.db, caller.id);
    if (!user || !user.isActive) throw AppError.unauthorized();

    const changes: ProfileChanges = {};
    if (input.first_name !== undefined) changes.firstName = input.first_name;
    if (input.last_name !== undefined) changes.lastName = input.last_name;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.email_notifications !== undefined) {
      changes.emailNotifications = input.email_notifications;
    }
    if (input.milestone_emails !== undefined) changes.milestoneEmails = input.milestone_emails;
    if (input.locale !== undefined) changes.locale = input.locale;

    const changesPassword = input.new_password !== undefined;
    if (changesPassword) {
      const current = input.current_password ?? "";
      if (!(await verifyPassword(user.passwordHash, current))) {
        throw AppError.badRequest([
          { field: input.current_password_field, message: profileMessages.currentPasswordWrong },
        ]);
      }
      changes.passwordHash = await hashPassword(input.new_password ?? "");
    }

    // The avatar is written before the transaction and removed again if the change fails.
    let newImageKey: string | undefined;
    let newImageSize: number | null = null;
    if (image) {
      const avatar = await makeAvatar(image.path);
      // Checked before the write (what it adds beyond the avatar it replaces); charged below.
      const growth = avatar.length - (user.imageSizeBytes ?? 0);
      if (growth > 0) await this.deps.quota.assertRoom(this.db, user.id, growth, "image");
      newImageKey = await this.deps.storage.put(AVATAR_FOLDER, avatar, "webp");
      newImageSize = avatar.length;
      changes.imageKey = newImageKey;
    } else if (input.remove_image === true) {
      changes.imageKey = null;
    }

    if (Object.keys(changes).length === 0) return presentUser(user, this.deps.config);

    let outcome;
    try {
      outcome = await this.db.transaction(async (tx) => {
        // The avatar this change replaces, read under the row's lock: its bytes are given back
        // and its file removed once the change committed.
        const previous = await lockAvatar(tx, user.id);
        if (changes.imageKey !== undefined) {
          const growth = (newImageSize ?? 0) - (previous?.imageSizeBytes ?? 0);
          if (growth > 0) await this.deps.quota.charge(tx, user.id, growth, "image");
          else await releaseStorage(tx, user.id, -growth);
          changes.imageSizeBytes = newImageSize;
        }
        const updated = await updateProfile(tx, user.id, changes);
        if (!updated) throw AppError.unauthorized();
        const replacedKey = previous?.imageKey ?? null;
        if (!changesPassword) return { updated, tokens: undefined, replacedKey };
        // Every other session ends; the caller continues on a fresh pair.
        await revokeAllSessions(tx, user.id);
        const tokens = await issueSession(this.deps, user.id, { db: tx });
        return { updated, tokens, replacedKey };
      });
    } catch (error) {
      if (newImageKey) await this.deps.storage.remove(newImageKey).catch(() => undefined);
      throw error;
    }

    const previousKey = outcome.replacedKey;
    if (previousKey && changes.imageKey !== undefined && changes.imageKey !== previousKey) {
      await this.deps.storage.remove(previousKey).catch((error: unknown) => {
        this.deps.log.warn({ err: error }, "could not remove a replaced avatar");
      });
    }
    this.deps.authenticator.forget(user.id);
    this.deps.events.emit("user.updated", { userId: user.id });
    if (changesPassword) this.deps.events.emit("user.sessions_ended", { userId: user.id });
    return { ...presentUser(outcome.updated, this.deps.config), ...(outcome.tokens ?? {}) };
  }

  /** Served to whoever holds the current avatar URL (its version is the unguessable file name). */
  async getAvatar(userId: number, version: string): Promise<AvatarFile> {
    const row = await findAvatar(this.db, userId);
    const stream =
      row?.imageKey && canViewAvatar(row.imageKey, version)
        ? await this.deps.storage.read(row.imageKey)
        : null;
    if (!row?.imageKey || !stream) throw AppError.notFound("This user has no profile image");
    return {
      stream,
      contentType: row.imageKey.endsWith(".png") ? "image/png" : "image/webp",
    };
  }
}
