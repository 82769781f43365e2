import type { FastifyInstance } from "fastify";
import { sampleRoutes } from "./samples.routes.js";
import type { SampleService } from "./samples.service.js";

export { SampleService } from "./samples.service.js";
export { registerSampleSubscribers } from "./samples.subscribers.js";

/** Sample shipments: sellers request them, agents and admins deliver and complete them. */
export default async function samplesModule(
  app: FastifyInstance,
  { services }: { services: { samples: SampleService } },
): Promise<void> {
  await app.register(sampleRoutes, { service: services.samples });
}
