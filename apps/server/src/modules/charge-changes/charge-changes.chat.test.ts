import { describe, expect, it } from "vitest";
import { chatMessages } from "@fba/contract";
import { servicesOf } from "../../test/app.js";
import { type TestUser } from "../../test/factories.js";
import {
  ctx,
  seller,
  agent,
  admin,
  useChargeChangeApp,
  inject,
  acceptedOrder,
  addInfo,
} from "../../test/charge-change-fixtures.js";

useChargeChangeApp();

// The admins' Disputes page sends them to read the order's chat: completing the order leaves it
// open while the charge change waits for the seller or an admin, and it closes once settled.
describe("the order's chat while a charge change is open", () => {
  const chat = (id: number) => ({ kind: "shipment" as const, id });
  const say = (user: TestUser, id: number, content: string) =>
    servicesOf(ctx.app).chat.sendMessage(user, chat(id), {
      content,
      attachmentId: null,
      replyToId: null,
    });
  const complete = async (id: number) => {
    const done = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
      status: "Shipment Completed",
    });
    expect(done.statusCode, done.body).toBe(200);
    await ctx.app.events.settle();
  };
  const refusedAsClosed = async (user: TestUser, id: number) => {
    await expect(say(user, id, "Still there?")).rejects.toMatchObject({
      statusCode: 409,
      message: chatMessages.chatClosed,
    });
  };

  it("stays open after completion until the seller accepts the charge change", async () => {
    const id = await acceptedOrder();
    await addInfo(id, { final_amount: "780", variance_reason: "customs_examination" });
    await complete(id);
    expect((await say(seller, id, "Why is it 780?")).content).toBe("Why is it 780?");
    expect((await say(agent, id, "Customs examined the cartons")).content).toBeTruthy();
    const accepted = await inject("POST", `/api/shipments/${id}/charge-change/accept`, seller);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await refusedAsClosed(seller, id);
    await refusedAsClosed(agent, id);
  });

  it("stays open through a dispute until an admin decides it", async () => {
    const id = await acceptedOrder();
    await addInfo(id, { final_amount: "780", variance_reason: "customs_examination" });
    await complete(id);
    const disputed = await inject("POST", `/api/shipments/${id}/charge-change/dispute`, seller, {
      reason: "The cartons were never examined",
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect((await say(admin, id, "Please upload the exam invoice")).content).toBeTruthy();
    expect((await say(agent, id, "Uploaded")).content).toBe("Uploaded");
    const decided = await inject("POST", `/api/shipments/${id}/charge-change/decide`, admin, {
      outcome: "bid_total",
      note: "No exam invoice",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await refusedAsClosed(agent, id);
    await refusedAsClosed(admin, id);
  });

  it("closes at completion when no charge change is open", async () => {
    const within = await acceptedOrder();
    await addInfo(within, { final_amount: "600" });
    await complete(within);
    await refusedAsClosed(seller, within);
  });
});
