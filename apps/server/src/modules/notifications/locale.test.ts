import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, notifications, users } from "../../db/schema/index.js";
import { notificationText } from "../../lib/i18n/notifications.js";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { post, startSmtpSink } from "../../test/auth-factories.js";
import { createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { insertShipment } from "../../test/realtime-factories.js";

/**
 * The subject and text part of a message as the SMTP sink keeps it (MIME headers and parts; the
 * sink already joined quoted-printable soft breaks, which also eats the "=" of a folded word's
 * end, so an encoded word may end with "?" alone).
 */
function readMail(raw: string): { subject: string; text: string } {
  const qp = (value: string) =>
    Buffer.from(
      value.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    );
  const decodeWords = (value: string) => {
    const words = [...value.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=?/gi)];
    if (words.length === 0) return value;
    return Buffer.concat(
      words.map(([, kind, body = ""]) =>
        kind!.toUpperCase() === "B" ? Buffer.from(body, "base64") : qp(body.replace(/_/g, " ")),
      ),
    ).toString("utf8");
  };
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/);
    const head = entity.slice(0, at).replace(/\r?\n[ \t]+/g, " ");
    const body = entity.slice(at).replace(/^\r?\n\r?\n/, "");
    return { head, body };
  };
  const header = (head: string, name: string) =>
    new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const message = split(raw);
  let part = message;
  const boundary = /boundary="?([^";]+)"?/i.exec(header(message.head, "Content-Type"))?.[1];
  if (boundary) {
    const parts = message.body.split(`--${boundary}`).map((p) => p.replace(/^\r?\n/, ""));
    const plain = parts.find((p) => /^Content-Type: text\/plain/im.test(split(p).head));
    part = split(plain ?? "");
  }
  const encoding = header(part.head, "Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? qp(part.body).toString("utf8")
        : part.body;
  return {
    subject: decodeWords(header(message.head, "Subject")),
    text: text.replace(/\r\n/g, "\n").trimEnd(),
  };
}

describe("notifications and emails in the recipient's language", () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let english: TestUser;
  let chinese: TestUser;
  let agent: TestUser;

  const setLocale = (user: TestUser, locale: "en" | "zh-CN" | null) =>
    ctx.app.database.db.update(users).set({ locale }).where(eq(users.id, user.id));
  const contentOf = async (userId: number, shipmentId: number) =>
    (
      await ctx.app.database.db
        .select({ content: notifications.content })
        .from(notifications)
        .where(eq(notifications.userId, userId))
    )
      .map((row) => row.content)
      .filter((content) => content.includes(`#${shipmentId}`));

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: "FBA Freight <codes@fba.test>" });
    english = await createSeller(ctx.app, { firstName: "Sally" });
    chinese = await createSeller(ctx.app, { firstName: "伟" });
    agent = await createShipper(ctx.app, { firstName: "李伟" });
    await setLocale(english, null);
    await setLocale(chinese, "zh-CN");
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it("writes each recipient's notification and email copy in their language", async () => {
    const shipment = await insertShipment(ctx.app, {
      sellerId: english.id,
      productName: "竹制砧板",
    });
    const about = { shipmentId: shipment.id, product: "竹制砧板" };
    await servicesOf(ctx.app).notifications.notify(
      [english, chinese].map((user) => ({
        userId: user.id,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        content: notificationText("statusChanged", { ...about, status: "Shipment Completed" }),
      })),
      {
        email: {
          subject: notificationText("statusChangedSubject", {
            shipmentId: shipment.id,
            status: "Shipment Completed",
          }),
          path: `/shipments/${shipment.id}`,
        },
      },
    );

    expect(await contentOf(english.id, shipment.id)).toEqual([
      `Shipment #${shipment.id} (竹制砧板) is now Shipment Completed`,
    ]);
    expect(await contentOf(chinese.id, shipment.id)).toEqual([
      `货件 #${shipment.id}（竹制砧板）状态更新为：已完成`,
    ]);

    const link = `http://localhost:3000/shipments/${shipment.id}`;
    const en = readMail((await sink.waitFor(english.email)).raw);
    expect(en).toEqual({
      subject: `FBA Freight: Shipment #${shipment.id} is now Shipment Completed`,
      text: `Shipment #${shipment.id} (竹制砧板) is now Shipment Completed\n\nOpen FBA Freight: ${link}\n\nYou can turn these emails off in your profile settings.`,
    });
    const zh = readMail((await sink.waitFor(chinese.email)).raw);
    expect(zh).toEqual({
      subject: `FBA Freight：货件 #${shipment.id} 状态更新为：已完成`,
      text: `货件 #${shipment.id}（竹制砧板）状态更新为：已完成\n\n打开 FBA Freight：${link}\n\n如不想再收到此类邮件，可在个人资料设置中关闭。`,
    });
  });

  it("sends the password reset code in the account's language", async () => {
    const before = sink.messages.length;
    expect(
      (await post(ctx.app, "/api/auth/password-init/", { email: english.email })).statusCode,
    ).toBe(200);
    expect(
      (await post(ctx.app, "/api/auth/password-init/", { email: chinese.email })).statusCode,
    ).toBe(200);
    await sink.waitFor(english.email);
    const mails = async (to: string) => {
      for (let i = 0; i < 200; i++) {
        const found = sink.messages.slice(before).find((m) => m.to.includes(to));
        if (found) return readMail(found.raw);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no reset email to ${to}`);
    };
    const en = await mails(english.email);
    expect(en.subject).toBe("Your FBA Freight password reset code");
    expect(en.text).toMatch(
      /^Hello Sally,\n\nYour password reset code is \d{4}\.\nIt expires in \d+ minutes and works once\.\n\nIf you did not ask to reset your password, ignore this email: your password stays the same\.\n\nFBA Freight$/,
    );
    const zh = await mails(chinese.email);
    expect(zh.subject).toBe("您的 FBA Freight 密码重置验证码");
    expect(zh.text).toMatch(/^伟，您好：\n\n您的密码重置验证码是 \d{4}。\n验证码 \d+ 分钟内有效/);
  });

  it("writes a broadcast and a chat message's rewrite in each reader's language", async () => {
    const service = servicesOf(ctx.app).notifications;
    const shipment = await insertShipment(ctx.app, { sellerId: english.id });
    await service.notifyActiveUsers(
      { group: "Seller" },
      {
        actorId: null,
        notificationType: "Announcement",
        content: notificationText("announcementCapReached", { max: 7 }),
      },
    );
    const capRows = await ctx.app.database.db
      .select({ userId: notifications.userId, content: notifications.content })
      .from(notifications)
      .where(inArray(notifications.userId, [english.id, chinese.id]));
    expect(capRows.find((r) => r.userId === english.id && r.content.includes(" 7 "))?.content).toBe(
      "Announcements from sellers reached the platform's cap of 7 in an hour: further ones are refused until the hour is over. Review the latest in Announcements.",
    );
    expect(
      capRows.some((r) => r.userId === chinese.id && r.content.startsWith("卖家发布的公告")),
    ).toBe(true);
    // A chat notification to both, then its message deleted: each reads it in their language.
    const [message] = await ctx.app.database.db
      .insert(chatMessages)
      .values({
        shipmentId: shipment.id,
        senderId: agent.id,
        senderType: "Shipper",
        content: "货好了",
      })
      .returning({ id: chatMessages.id });
    await service.notify(
      [english, chinese].map((user) => ({
        userId: user.id,
        actorId: agent.id,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        chatMessageId: message!.id,
        content: notificationText("chatMessage", { name: "李伟", text: "货好了" }),
      })),
    );
    const chatRows = async () =>
      Object.fromEntries(
        (
          await ctx.app.database.db
            .select({ userId: notifications.userId, content: notifications.content })
            .from(notifications)
            .where(eq(notifications.chatMessageId, message!.id))
        ).map((row) => [row.userId, row.content]),
      );
    expect(await chatRows()).toEqual({
      [english.id]: "New message from 李伟: 货好了",
      [chinese.id]: "【新消息】李伟：货好了",
    });
    await service.rewriteChatMessage(
      message!.id,
      notificationText("chatMessageDeleted", { name: "李伟" }),
    );
    expect(await chatRows()).toEqual({
      [english.id]: "New message from 李伟: (message deleted)",
      [chinese.id]: "【新消息】李伟：（消息已删除）",
    });
  });
});
