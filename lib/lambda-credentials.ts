import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * What the functions' bundles use in place of the AWS SDK's default credential chain
 * (`@aws-sdk/credential-provider-node`, swapped at bundling by lib/bundling.ts). Lambda puts the execution
 * role's credentials in the environment, and reading them there is the chain's first step, the only one that
 * ever answers inside a function. The rest of the chain (SSO, profiles, STS web identity, container and
 * instance metadata) was 135 KB of every bundle and about 20 ms of every cold start. The local runtime and the
 * scripts are not bundled: they keep the whole chain.
 */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);
