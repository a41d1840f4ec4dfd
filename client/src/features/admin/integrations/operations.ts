// The Integrations screens' documents (API keys and webhooks); codegen turns them into typed documents.
export const adminIntegrationOperations = /* GraphQL */ `
  fragment AdminApiKey on ApiKey {
    id
    name
    scopes
    secretStart
    createdAt
    lastUsedAt
    expiresAt
    revokedAt
    active
  }

  fragment AdminWebhookEndpoint on WebhookEndpoint {
    id
    url
    description
    events
    active
    stockLowThreshold
    secretStart
    failingSince
    disabledAt
    disabledReason
    createdAt
  }

  fragment AdminWebhookDelivery on WebhookDelivery {
    id
    eventId
    eventType
    state
    attempts
    responseStatus
    responseExcerpt
    lastError
    lastAttemptAt
    nextAttemptAt
    deliveredAt
    createdAt
  }

  query AdminApiKeys($first: Int!, $after: String) {
    apiScopes {
      scope
      description
    }
    apiKeys(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...AdminApiKey
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }

  mutation CreateApiKey($input: ApiKeyInput!) {
    createApiKey(input: $input) {
      message
      secret
      apiKey {
        ...AdminApiKey
      }
    }
  }

  mutation RevokeApiKey($id: Int!) {
    revokeApiKey(id: $id) {
      ...AdminApiKey
    }
  }

  query AdminWebhookEndpoints {
    webhookEventTypes {
      type
      description
    }
    webhookEndpoints {
      ...AdminWebhookEndpoint
    }
  }

  query AdminWebhookEndpoint($id: Int!, $first: Int!, $after: String) {
    webhookEventTypes {
      type
      description
    }
    webhookEndpoint(id: $id) {
      ...AdminWebhookEndpoint
      deliveries(first: $first, after: $after) {
        edges {
          cursor
          node {
            ...AdminWebhookDelivery
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }

  query WebhookAlerts {
    webhookEndpoints {
      id
      url
      active
      disabledAt
    }
  }

  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      message
      secret
      endpoint {
        ...AdminWebhookEndpoint
      }
    }
  }

  mutation UpdateWebhookEndpoint($id: Int!, $input: WebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      ...AdminWebhookEndpoint
    }
  }

  mutation DeleteWebhookEndpoint($id: Int!) {
    deleteWebhookEndpoint(id: $id) {
      message
    }
  }

  mutation RotateWebhookSecret($id: Int!) {
    rotateWebhookSecret(id: $id) {
      message
      secret
      endpoint {
        ...AdminWebhookEndpoint
      }
    }
  }

  mutation ResendWebhookDelivery($id: String!) {
    resendWebhookDelivery(id: $id) {
      ...AdminWebhookDelivery
    }
  }

  mutation SendTestWebhook($endpointId: Int!) {
    sendTestWebhook(endpointId: $endpointId) {
      ...AdminWebhookDelivery
    }
  }
`;
