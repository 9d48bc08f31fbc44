import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute } from "../context.js";
import { membershipOf } from "../data/members.js";
import type { App } from "../data/model.js";
import { ServiceError, badRequest, notFound } from "../errors.js";

const message = v.pipe(
  v.object({
    receiver: v.pipe(v.string("The receiver is required."), v.minLength(1, "The receiver is required.")),
    receiverType: v.picklist(["user", "group"], "The receiverType must be user or group."),
    type: v.pipe(v.string("The type is required."), v.minLength(1, "The type is required.")),
    category: v.optional(v.string()),
    data: v.record(v.string(), v.unknown(), "The data must be an object."),
  }),
  v.forward(v.check((m) => m.type !== "text" || typeof m.data.text === "string", "A text message needs data.text."), ["data", "text"]),
);

/** Message ids count up per app. */
const lastMessageId = new WeakMap<App, number>();

export const messageRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "POST",
    path: /^\/messages\/?$/,
    handle: (ctx) => {
      const sender = ctx.onBehalfOf?.user;
      if (!sender) throw badRequest({ onBehalfOf: ["The onBehalfOf header must carry the UID of the sender."] });
      const input = parseBody(message, ctx.body);
      let conversationId: string;
      if (input.receiverType === "user") {
        if (!ctx.app.userIndexByUid.has(input.receiver)) throw notFound("ERR_UID_NOT_FOUND", "user with UID", input.receiver);
        conversationId = [sender.uid, input.receiver].sort().join("_user_");
      } else {
        const index = ctx.app.groupIndexByGuid.get(input.receiver);
        if (index === undefined) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", input.receiver);
        if (!membershipOf(ctx.app, ctx.app.groups[index]!, ctx.onBehalfOf!.index)) {
          throw new ServiceError("ERR_NOT_A_MEMBER", `The user ${sender.uid} is not a member of the group ${input.receiver}.`, "Join the group before sending to it.");
        }
        conversationId = `group_${input.receiver}`;
      }
      const sentAt = Math.floor(Date.now() / 1000);
      const id = (lastMessageId.get(ctx.app) ?? 0) + 1;
      lastMessageId.set(ctx.app, id);
      return {
        data: {
          id: String(id), conversationId, sender: sender.uid, receiver: input.receiver,
          receiverType: input.receiverType, category: input.category ?? "message", type: input.type,
          data: input.data, sentAt, updatedAt: sentAt,
        },
      };
    },
  },
];
