import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

/**
 * On a saturated shared test machine the overload guard may answer 503 + Retry-After to any
 * request. That says nothing about access control or validation, so these suites retry such
 * answers (a few times, a second apart) and judge the real one.
 */
export function retryLoadShedding(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (
    options: InjectOptions | string,
  ) => Promise<LightMyRequestResponse>;
  const retrying = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    let response = await inject(options);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (response.statusCode !== 503 || !response.headers["retry-after"]) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      response = await inject(options);
    }
    return response;
  };
  Object.assign(app, { inject: retrying });
}
