import type admin from "../locales/en/admin.json";
import type analytics from "../locales/en/analytics.json";
import type announcements from "../locales/en/announcements.json";
import type auth from "../locales/en/auth.json";
import type bidding from "../locales/en/bidding.json";
import type booking from "../locales/en/booking.json";
import type chat from "../locales/en/chat.json";
import type common from "../locales/en/common.json";
import type comparison from "../locales/en/comparison.json";
import type components from "../locales/en/components.json";
import type disputes from "../locales/en/disputes.json";
import type entities from "../locales/en/entities.json";
import type titles from "../locales/en/titles.json";
import type agentLists from "../locales/en/agentLists.json";
import type documents from "../locales/en/documents.json";
import type landing from "../locales/en/landing.json";
import type legs from "../locales/en/legs.json";
import type lists from "../locales/en/lists.json";
import type notifications from "../locales/en/notifications.json";
import type profile from "../locales/en/profile.json";
import type ratings from "../locales/en/ratings.json";
import type agents from "../locales/en/agents.json";
import type averageCosts from "../locales/en/averageCosts.json";
import type samples from "../locales/en/samples.json";
import type seller from "../locales/en/seller.json";
import type shell from "../locales/en/shell.json";
import type shipments from "../locales/en/shipments.json";

// The English catalogs are the reference: a key missing from them fails to compile.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      admin: typeof admin;
      analytics: typeof analytics;
      announcements: typeof announcements;
      auth: typeof auth;
      bidding: typeof bidding;
      booking: typeof booking;
      chat: typeof chat;
      common: typeof common;
      comparison: typeof comparison;
      components: typeof components;
      disputes: typeof disputes;
      documents: typeof documents;
      entities: typeof entities;
      titles: typeof titles;
      agentLists: typeof agentLists;
      landing: typeof landing;
      legs: typeof legs;
      lists: typeof lists;
      /** Contract messages by constant ("auth.invalidCredentials"); English is the message itself. */
      messages: Record<string, Record<string, string>>;
      notifications: typeof notifications;
      profile: typeof profile;
      ratings: typeof ratings;
      agents: typeof agents;
      averageCosts: typeof averageCosts;
      samples: typeof samples;
      seller: typeof seller;
      shell: typeof shell;
      shipments: typeof shipments;
    };
  }
}
