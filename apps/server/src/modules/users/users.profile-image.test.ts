import { describe, expect, it } from "vitest";
import { PROFILE_IMAGE_MAX_BYTES, profileMessages } from "@fba/contract";
import sharp from "sharp";
import { createSeller, createShipper } from "../../test/factories.js";
import { testImage } from "../../test/profile-factories.js";
import { profileHarness } from "../../test/profile-harness.js";

describe("profile", () => {
  const { ctx, patchForm, avatarFiles } = profileHarness();

  describe("PATCH update-profile: image", () => {
    it("resizes an uploaded image to a 256 px avatar and serves it", async () => {
      const user = await createSeller(ctx.app);
      const viewer = await createShipper(ctx.app);
      const res = await patchForm(
        user,
        { first_name: "Pic" },
        { image: { filename: "me.png", contentType: "image/png", bytes: await testImage("png") } },
      );
      expect(res.statusCode).toBe(200);
      const image = res.json().data.image as string;
      expect(image).toMatch(
        new RegExp(`^https://freight\\.example/api/users/${user.id}/avatar/\\?v=[0-9a-f]{32}$`),
      );

      const url = new URL(image);
      // An <img> sends no token: the unguessable URL is the permission.
      const served = await ctx.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });

      const withoutVersion = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/`,
        headers: viewer.auth,
      });
      expect(withoutVersion.statusCode).toBe(404);
      const guessed = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/?v=${"0".repeat(32)}`,
      });
      expect(guessed.statusCode).toBe(404);
    });

    it("replaces the previous file and removes it on remove_image", async () => {
      const user = await createSeller(ctx.app);
      const before = new Set(await avatarFiles());
      await patchForm(
        user,
        {},
        {
          image: { filename: "a.jpg", contentType: "image/jpeg", bytes: await testImage("jpeg") },
        },
      );
      const first = (await avatarFiles()).filter((f) => !before.has(f));
      expect(first).toHaveLength(1);
      await patchForm(
        user,
        {},
        {
          image: {
            filename: "b.gif",
            contentType: "image/gif",
            bytes: await testImage("gif", 40, 40),
          },
        },
      );
      const second = (await avatarFiles()).filter((f) => !before.has(f));
      expect(second).toHaveLength(1);
      expect(second[0]).not.toBe(first[0]);

      const removed = await patchForm(user, { remove_image: "true" });
      expect(removed.json().data.image).toBeNull();
      expect((await avatarFiles()).filter((f) => !before.has(f))).toHaveLength(0);
      const gone = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/`,
        headers: user.auth,
      });
      expect(gone.statusCode).toBe(404);
    });

    it("refuses a disguised file: a .png name with non-image bytes", async () => {
      const user = await createSeller(ctx.app);
      const before = await avatarFiles();
      const res = await patchForm(
        user,
        { first_name: "Sneaky" },
        {
          image: {
            filename: "photo.png",
            contentType: "image/png",
            bytes: Buffer.from("<script>alert(1)</script>".repeat(20)),
          },
        },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        status: "error",
        status_code: 415,
        errors: [{ field: "image", message: profileMessages.imageUnsupported }],
      });
      expect(await avatarFiles()).toEqual(before);
      const me = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: user.auth,
      });
      expect(me.json().data.first_name).toBe("Seller");
    });

    it("refuses a PDF and an image truncated after its magic bytes", async () => {
      const user = await createSeller(ctx.app);
      const pdf = await patchForm(
        user,
        {},
        {
          image: {
            filename: "doc.png",
            contentType: "image/png",
            bytes: Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
          },
        },
      );
      expect(pdf.statusCode).toBe(415);
      const png = await testImage("png");
      const broken = await patchForm(
        user,
        {},
        {
          image: { filename: "x.png", contentType: "image/png", bytes: png.subarray(0, 60) },
        },
      );
      expect(broken.statusCode).toBe(415);
      expect(broken.json().errors[0]).toEqual({
        field: "image",
        message: profileMessages.imageUnsupported,
      });
    });

    it("refuses a file over 50,000,000 bytes", async () => {
      const user = await createSeller(ctx.app);
      const png = await testImage("png");
      const big = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1 - png.length)]);
      const res = await patchForm(
        user,
        {},
        {
          image: { filename: "big.png", contentType: "image/png", bytes: big },
        },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().errors).toEqual([
        { field: "image", message: profileMessages.imageTooLarge },
      ]);
    });

    it("answers 404 for a user without an avatar or an unknown user", async () => {
      const user = await createSeller(ctx.app);
      const none = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/`,
        headers: user.auth,
      });
      expect(none.statusCode).toBe(404);
      const unknown = await ctx.app.inject({
        method: "GET",
        url: `/api/users/99999999/avatar/`,
        headers: user.auth,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
