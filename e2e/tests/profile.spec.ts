import { logInByApi, PASSWORD, register, type Account } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { docsShot, shot } from "../support/screenshots";

const NEW_PASSWORD = "Profile#Pass2";
// A real PNG (48x48, one colour): the server decodes the bytes, not the name.
const AVATAR_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwYlALBKRNRNLuo9LKqAh8OBJ96t7zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4ASyw9KaallfOAAAAAElFTkSuQmCC",
  "base64",
);

test("a user edits the profile and the new name and avatar appear in the header", async ({
  openAs,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = await register(request, "Seller", "Paula");
  const page = await openAs(seller);
  await page.goto("/seller/profile");
  const firstName = page.getByRole("textbox", { name: "First Name" });
  await expect(firstName).toHaveValue("Paula", { timeout: 45_000 });
  await expect(page.getByRole("textbox", { name: "Email" })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(seller.email);
  const accountMenu = page.getByRole("button", { name: "Account menu" });
  await expect(accountMenu).toContainText("Paula Tester");

  // Field rules show as helper text.
  await firstName.fill("P4ula");
  await firstName.blur();
  await expect(page.getByText("Name must contain only letters")).toBeVisible();
  const phone = page.getByRole("textbox", { name: "Phone" });
  await phone.fill("+44 (20) 7946-0958");
  await expect(phone).toHaveValue("+442079460958");
  await page.getByTestId("profile-image-input").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(page.getByText("Unsupported file format")).toBeVisible();

  await firstName.fill("Priya");
  await page.getByTestId("profile-image-input").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: AVATAR_PNG,
  });
  await expect(page.getByText("Unsupported file format")).toBeHidden();
  await expect(page.getByRole("img", { name: "Profile image preview" })).toBeVisible();
  // The picture is saved as soon as it is chosen (the half-typed name is not, and stays).
  await expect(page.getByText("Profile image saved")).toBeVisible();
  await expect(accountMenu.locator("img")).toHaveAttribute("src", /.+/);
  await expect(firstName).toHaveValue("Priya");
  await page.getByRole("textbox", { name: "Current Password" }).fill(PASSWORD);
  await page.getByRole("textbox", { name: "New Password" }).fill(NEW_PASSWORD);
  await page.getByRole("textbox", { name: "Confirm Password" }).fill(NEW_PASSWORD);
  await shot(page, "profile-1280");
  await docsShot(page, "profile-image-saved-1280");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();

  // The header shows the new name and the uploaded avatar without a reload.
  await expect(accountMenu).toContainText("Priya Tester");
  const headerAvatar = accountMenu.locator("img");
  await expect(headerAvatar).toHaveAttribute("src", /.+/);
  await expect
    .poll(() =>
      headerAvatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole("textbox", { name: "New Password" })).toHaveValue("");

  // Saved on the server: the new password signs in and the user has the name, phone and image.
  const login = await logInByApi(request, seller.email, NEW_PASSWORD, "Seller");
  expect(login.status(), await login.text()).toBe(200);
  const session = (await login.json()) as {
    data: Omit<Account, "email"> & { user: Record<string, unknown> };
  };
  const me = session.data.user;
  expect(me.first_name).toBe("Priya");
  expect(me.profile).toEqual(expect.objectContaining({ phone: "+442079460958" }));
  expect(me.image).toBeTruthy();

  // After a reload the stored session is still valid (the password change issued new tokens).
  await page.reload();
  await expect(accountMenu).toContainText("Priya Tester", { timeout: 30_000 });
  await expect(accountMenu.locator("img")).toHaveAttribute("src", /.+/);

  // Removing the image goes back to initials, at once too.
  await page.getByRole("button", { name: "Remove image" }).click();
  await expect(page.getByText("Profile image removed")).toBeVisible();
  await expect(accountMenu.locator("img")).toHaveCount(0);
  await expect(accountMenu).toContainText("PT");

  // On a phone: a picture chosen and the page left at once is kept, not silently dropped.
  const phonePage = await openAs({ ...seller, ...session.data }, 375);
  await phonePage.goto("/seller/profile");
  await expect(phonePage.getByRole("textbox", { name: "First Name" })).toHaveValue("Priya", {
    timeout: 30_000,
  });
  await phonePage.getByTestId("profile-image-input").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: AVATAR_PNG,
  });
  await expect(phonePage.getByText("Profile image saved")).toBeVisible();
  await docsShot(phonePage, "profile-image-saved-375");
  await phonePage.goto("/seller/dashboard");
  await phonePage.goto("/seller/profile");
  await expect(phonePage.getByRole("img", { name: "Profile image preview" })).toBeVisible({
    timeout: 30_000,
  });
  await shot(phonePage, "profile-375");
});
