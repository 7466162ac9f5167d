// Generated from the served OpenAPI document by `npm run web:types` (scripts/web-api-types.ts). Do not edit.

export interface paths {
    "/api/admin/email-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The e-mail log: filtered page, total and per-status summary */
        get: operations["listEmailLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reports of messages, newest first */
        get: operations["listMessageReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Resolve a report */
        patch: operations["resolveMessageReport"];
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users (administrator view), newest first */
        get: operations["listAdminUsers"];
        put?: never;
        /** Create a user; sends a verification e-mail unless created verified */
        post: operations["createAdminUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update any subset of the administrator-editable fields of a user */
        put: operations["updateAdminUser"];
        post?: never;
        /** Delete a user (not yourself, not the last administrator) */
        delete: operations["deleteAdminUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the password of a user and end all of their sessions */
        post: operations["setAdminUserPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/purge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove the content a user authored (keeps the account and its status)
         * @description Irreversible and batched; analytics are untouched; one audit row per purge. `dryRun` answers the same counts and writes nothing. The answer comes when the purge has finished (for an account too large to finish within 25 seconds: the counts found at the start, which the purge goes on to remove).
         */
        post: operations["purgeUserContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/bulk-account-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set accountStatus for each user (same side effects as the single update) */
        patch: operations["bulkSetAccountStatus"];
        trace?: never;
    };
    "/api/admin/users/bulk-clearance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Toggle cleared for each user */
        patch: operations["bulkToggleClearance"];
        trace?: never;
    };
    "/api/admin/users/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete users (not yourself, not every remaining administrator) */
        post: operations["bulkDeleteUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/bulk-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set emailVerified for each user */
        patch: operations["bulkSetEmailVerified"];
        trace?: never;
    };
    "/api/ai/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Persist a confirmed AI artifact
         * @description Subscribers out of probation. The artifact is re-validated as suggest validates model output (422 `invalid_ai_output`), then written in one transaction: a list with its valid starter rows; a message series as a list of scheduled-post rows 4 minutes apart, or with `scheduleImmediately` as scheduled messages (the first 30 to 45 minutes out, each next 5 to 10 minutes later) carrying the sanitised `crossPost`; a document; or a folder of documents. message, thread and tags artifacts: 422 `invalid_input`. Counts against the quota and rate limit like suggest.
         */
        post: operations["aiGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AI provider, its default model and the caller’s quota
         * @description Open to every signed-in user. Never answers a key.
         */
        get: operations["aiStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an AI feature and answer a validated artifact (writes nothing)
         * @description Subscribers only. Counts against the daily quota (50 per rolling 24 hours, failed attempts too) and the rate limit (15 per 60 seconds). Input refused: 422 `invalid_input`; model output that fails validation: 422 `invalid_ai_output`; a provider refusal: 422 `refused`; no provider configured: 409 `no_provider_configured`; an upstream failure or timeout: 502 `provider_error`.
         */
        post: operations["aiSuggest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a first-party analytics beacon
         * @description Attributed to the caller when credentials come with it.
         */
        post: operations["ingestAnalyticsEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/architecture-aggregates/{table}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the rows of one table, read-only, secrets redacted */
        get: operations["getArchitectureTableRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/architecture-aggregates/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tables and columns of the application */
        get: operations["getArchitectureSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The accounts signed in on this browser, current first */
        get: operations["listSignedInAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/codehost/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with codehost, or link it to the signed-in account: redirect to the provider
         * @description Redirects a browser to the provider with a single-use `state` (10 minutes, bound to this browser by an HttpOnly cookie) and a PKCE challenge where the provider takes one; a caller whose `Accept` asks for `application/json` (and not HTML) gets the address as JSON instead. A `returnTo` that is not a path on this service or a URL of the web client: 400 `invalid_return_to`. An instance or handle that cannot be reached: 400 `provider_unreachable`. A provider this server has no client for: 503 `provider_not_configured`.
         */
        get: operations["startCodehostSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset link; the answer is the same whether or not the account exists */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password; sets the session cookie */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session (or, with all=true in the body or query, every session of the current user); called with a Bearer sync token, revoke that token */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/networkA/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with networkA, or link it to the signed-in account: redirect to the provider
         * @description Redirects a browser to the provider with a single-use `state` (10 minutes, bound to this browser by an HttpOnly cookie) and a PKCE challenge where the provider takes one; a caller whose `Accept` asks for `application/json` (and not HTML) gets the address as JSON instead. `instance` is required (400 without it). A `returnTo` that is not a path on this service or a URL of the web client: 400 `invalid_return_to`. An instance or handle that cannot be reached: 400 `provider_unreachable`. A provider this server has no client for: 503 `provider_not_configured`.
         */
        get: operations["startNetworkASignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/networkB/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with networkB, or link it to the signed-in account: redirect to the provider
         * @description Redirects a browser to the provider with a single-use `state` (10 minutes, bound to this browser by an HttpOnly cookie) and a PKCE challenge where the provider takes one; a caller whose `Accept` asks for `application/json` (and not HTML) gets the address as JSON instead. `handle` is required (400 without it). A `returnTo` that is not a path on this service or a URL of the web client: 400 `invalid_return_to`. An instance or handle that cannot be reached: 400 `provider_unreachable`. A provider this server has no client for: 503 `provider_not_configured`.
         */
        get: operations["startNetworkBSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/networkC/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with networkC, or link it to the signed-in account: redirect to the provider
         * @description Redirects a browser to the provider with a single-use `state` (10 minutes, bound to this browser by an HttpOnly cookie) and a PKCE challenge where the provider takes one; a caller whose `Accept` asks for `application/json` (and not HTML) gets the address as JSON instead. A `returnTo` that is not a path on this service or a URL of the web client: 400 `invalid_return_to`. An instance or handle that cannot be reached: 400 `provider_unreachable`. A provider this server has no client for: 503 `provider_not_configured`.
         */
        get: operations["startNetworkCSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/networkC/org-authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connect the networkC organization pages you administer: redirect to the provider
         * @description Redirects a browser to the provider with a single-use `state` (10 minutes, bound to this browser by an HttpOnly cookie) and a PKCE challenge where the provider takes one; a caller whose `Accept` asks for `application/json` (and not HTML) gets the address as JSON instead. A `returnTo` that is not a path on this service or a URL of the web client: 400 `invalid_return_to`. An instance or handle that cannot be reached: 400 `provider_unreachable`. A provider this server has no client for: 503 `provider_not_configured`.
         */
        get: operations["startNetworkCOrgConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/networkC/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether networkC is configured on this server, and the callback address to register with it */
        get: operations["getNetworkCStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/networkD/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with networkD, or link it to the signed-in account: redirect to the provider
         * @description Redirects a browser to the provider with a single-use `state` (10 minutes, bound to this browser by an HttpOnly cookie) and a PKCE challenge where the provider takes one; a caller whose `Accept` asks for `application/json` (and not HTML) gets the address as JSON instead. A `returnTo` that is not a path on this service or a URL of the web client: 400 `invalid_return_to`. An instance or handle that cannot be reached: 400 `provider_unreachable`. A provider this server has no client for: 503 `provider_not_configured`.
         */
        get: operations["startNetworkDSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/networkD/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether networkD is configured on this server, and the callback address to register with it */
        get: operations["getNetworkDStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account (probation until the e-mail is verified), sign it in and send the verification e-mail */
        post: operations["registerUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/remove-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign one account out of this browser */
        post: operations["removeSignedInAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token; ends every session and sync token of the account */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/send-verification-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a new verification e-mail to the signed-in account */
        post: operations["sendVerificationEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The browser sessions of the current user that are in force, most recently used first */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of the current user’s other sessions (the one in use ends by signing out: 400 `current_session`) */
        delete: operations["endSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make another account signed in on this browser the current one */
        post: operations["switchAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sync-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange e-mail and password for a Bearer sync token (native and command-line clients) */
        post: operations["createSyncToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sync-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user’s sync tokens, newest first (when each was issued and last used; never the token itself) */
        get: operations["listSyncTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sync-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of the current user’s sync tokens: it stops working at once */
        delete: operations["revokeSyncToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the e-mail address with the token from the verification e-mail */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a new e-mail address with the token sent to it */
        post: operations["verifyEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's tier and subscription */
        get: operations["getBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/checkout-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a subscription: the address of the provider's checkout page for a plan
         * @description A free account only (else 409 `already_subscribed`), with a verified e-mail address (else 403 `email_not_verified`). The tier changes when the provider reports the payment (the webhook).
         */
        post: operations["createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/portal-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The address of the provider's customer portal (change plan or card, cancel)
         * @description 409 `no_billing_account` before a first checkout.
         */
        post: operations["createPortalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The payment provider's signed events
         * @description Verified over the raw body with `STRIPE_WEBHOOK_SECRET` (the `Stripe-Signature` header, five minutes of tolerance): 400 `invalid_signature` otherwise. Each event takes effect once; the subscription it names is read again from the provider and applied.
         */
        post: operations["receiveBillingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog-subscriptions/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a blog subscription with the token of its confirmation e-mail
         * @description A token that is unknown, used or expired is 400 `invalid_token`.
         */
        post: operations["confirmBlogSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog-subscriptions/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One-click unsubscribe (RFC 8058) from a blog’s e-mails
         * @description The URL of the `List-Unsubscribe` header of every `blog_post` e-mail. Mail clients post `List-Unsubscribe=One-Click` form-encoded; any body is ignored. Unsubscribing twice is fine. A GET of the same URL answers a page with a button and changes nothing.
         */
        post: operations["unsubscribeFromBlog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cron/publish-scheduled-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Publish the scheduled messages whose time has come (internal job)
         * @description Operator endpoint (cron), not for API clients. Authorization: `Bearer <CRON_SECRET>`. Safe to run from several instances at once: each due message is published once.
         */
        get: operations["publishScheduledMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cron/purge-expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Remove what has expired (internal job): name-holds, list-rows-trash, tag-counters, unattached-uploads, documents-trash, document-presence, billing-events, expired-archives, event-retention, webhook-deliveries, finished-jobs
         * @description Operator endpoint (cron), not for API clients. Authorization: `Bearer <CRON_SECRET>`. The in-process scheduler runs it hourly when SCHEDULER=on. Safe to run from several instances at once.
         */
        get: operations["purgeExpired"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cron/run-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run the background jobs that are due: push deliveries and their retries, notification follow-ups, list imports (internal job)
         * @description Operator endpoint (cron), not for API clients. Authorization: `Bearer <CRON_SECRET>`. Every instance's job runner already looks for due jobs every few seconds, whatever SCHEDULER says; this runs them at once (at most 500 per call). Safe to run from several instances at once: each job is claimed by one run.
         */
        get: operations["runDueJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cron/sync-codehost-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sync every codehost-backed list (internal job)
         * @description Operator endpoint (cron), not for API clients. Authorization: `Bearer <CRON_SECRET>`. The in-process scheduler runs it hourly when SCHEDULER=on. Each list is asked with its stored ETag, so an unchanged source costs no rate limit.
         */
        get: operations["syncCodehostLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/direct-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s conversations, the most recent first, with unread counts */
        get: operations["listConversations"];
        put?: never;
        /** Send a direct message (not to yourself, not between users who block each other, not from probation accounts) */
        post: operations["sendDirectMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/direct-messages/{target}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The messages with one user, newest first; marks the caller’s received ones read */
        get: operations["readConversation"];
        put?: never;
        post?: never;
        /** Delete a direct message you sent */
        delete: operations["deleteDirectMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s documents at the root (not in a folder) */
        get: operations["listRootDocuments"];
        put?: never;
        /**
         * Create a document (subscribers)
         * @description At the root, or in `folderId`. `relativePath` is the file name inside the folder; when omitted it is derived from the title. Probation accounts: 403 `account_probation_feature`; free accounts: 403 `subscription_required`.
         */
        post: operations["createDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document (the caller’s own, or a public one) */
        get: operations["getDocument"];
        /**
         * Update a document
         * @description Any of title, content, relativePath, isPublic, folderId (`null`: the root). With `baseRevision`, a document changed since that revision is left as it is and the answer is 409 `revision_conflict` with the current document.
         */
        put: operations["updateDocument"];
        post?: never;
        /** Delete a document (to the trash) */
        delete: operations["deleteDocument"];
        options?: never;
        head?: never;
        /**
         * Update a document (alias of PUT)
         * @description Any of title, content, relativePath, isPublic, folderId (`null`: the root). With `baseRevision`, a document changed since that revision is left as it is and the answer is 409 `revision_conflict` with the current document.
         */
        patch: operations["patchDocument"];
        trace?: never;
    };
    "/api/documents/{id}/collaborators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the document is shared with (owner and collaborators) */
        get: operations["listDocumentCollaborators"];
        put?: never;
        /**
         * Share the document with a user, an e-mail or an organization (owner)
         * @description Exactly one of `username`, `email`, `orgSlug`. A user gets an in-app notification (`shared_with_you`); an e-mail of no account an invite e-mail (`share_invite`) and the collaborator is `invited` until it is accepted; an organization gives every current and future member the role. Yourself or a second grant to the same grantee: 409 `already_shared`. A collaborator: 403 `forbidden`; no access: 404.
         */
        post: operations["addDocumentCollaborator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/collaborators/{collaboratorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a grant on the document (owner), or leave it (the collaborator); access ends at once */
        delete: operations["removeDocumentCollaborator"];
        options?: never;
        head?: never;
        /** Change a collaborator's role on the document (owner) */
        patch: operations["changeDocumentCollaboratorRole"];
        trace?: never;
    };
    "/api/documents/{id}/images/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image to embed in one of your documents
         * @description Send `multipart/form-data` with the file in the field `file`. The type is decided by the bytes (magic numbers), never by the declared content type or file name. The same image pipeline as message images (JPEG, PNG, WebP or GIF; at most 1200 px and 1.4 MB; metadata removed). The image belongs to the document and is deleted with it. The owner or an editor; a viewer: 403 `forbidden`; anyone else: 404. Probation accounts: 403 `account_probation_feature`.
         */
        post: operations["uploadDocumentImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/presence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is on a document now (seen in the last 60 seconds) */
        get: operations["getDocumentPresence"];
        put?: never;
        /**
         * Say you are on a document (a heartbeat), and see who else is
         * @description For anyone who can read the document. Send one at least every 60 seconds while the document is open; `editing` says whether you are editing it.
         */
        post: operations["documentHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted document
         * @description It comes back at the root when its folder is still deleted. A live document with the same file name there: 409.
         */
        post: operations["restoreDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A document’s history, newest first
         * @description Consecutive edits by the same editor within ten minutes are one entry (numbered by its latest revision).
         */
        get: operations["listDocumentRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/revisions/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One revision of a document, with its content */
        get: operations["getDocumentRevision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/revisions/{n}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a past revision the current one
         * @description A new revision with that revision's title and content.
         */
        post: operations["restoreDocumentRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The share links of one of the caller’s documents, newest first (owner; no tokens) */
        get: operations["listDocumentShareLinks"];
        put?: never;
        /**
         * Make a share link of one of the caller’s documents (owner)
         * @description `view` lets anyone holding the link read it; `edit` also lets a signed-in account with a verified e-mail change it. The token (at least 128 random bits, stored only as a hash) is in `url`, shown in this answer only. `expiresAt` must be in the future and at most a year away (else 400).
         */
        post: operations["createDocumentShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}/share-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a share link (owner): it stops working at once, on every instance */
        delete: operations["revokeDocumentShareLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every folder of the caller with the documents inside it */
        get: operations["listDocumentFolders"];
        put?: never;
        /**
         * Create a folder
         * @description Two live folders with the same parent may not share a name (409 `name_taken`).
         */
        post: operations["createDocumentFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/folders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A folder with its child folders and documents */
        get: operations["getDocumentFolder"];
        /**
         * Rename or move a folder
         * @description `parentId: null` moves it to the root. Moving a folder into itself or a descendant is 400; a name taken by a live sibling is 409.
         */
        put: operations["updateDocumentFolder"];
        post?: never;
        /** Delete a folder with everything in it (to the trash) */
        delete: operations["deleteDocumentFolder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/folders/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The documents in a folder */
        get: operations["listFolderDocuments"];
        put?: never;
        /** Create a document in a folder (subscribers) */
        post: operations["createFolderDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/folders/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted folder with what was deleted with it
         * @description It comes back at the root when its parent is still deleted. A live sibling with the same name: 409.
         */
        post: operations["restoreDocumentFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/from-template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a document from a template (subscribers)
         * @description Copies the template's title and content into `targetFolderId` (or the root) as a new private document.
         */
        post: operations["createDocumentFromTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the caller’s documents by title and content
         * @description Matches any part of a word in any script (Chinese, Japanese and Korean included), case-insensitively. Title matches come first, then the most recently updated.
         */
        get: operations["searchDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Folders and documents changed since a cursor (delta sync)
         * @description Everything created, changed or deleted since `lastSyncAt` (deleted items as tombstones with `deletedAt`); without `lastSyncAt`, everything live. `shared` holds other users' documents shared with the caller that changed or were shared since the cursor, with the caller's role and the owner, and a tombstone for each the caller may no longer read (share revoked, organization left, document deleted). Pass the returned `lastSyncAt` to the next pull: no change is ever skipped, though a change may come twice (its `revision` tells).
         */
        get: operations["pullDocumentChanges"];
        put?: never;
        /**
         * Apply sync operations, all or nothing
         * @description Operations address folders and documents by path (`work/plan.md`) or by `data.id`, and apply in order in one transaction. An `update` addressed by `data.id` takes `path` as the new location (a rename or move by path; missing folders are created), unless `data.folderId`/`data.relativePath` (documents) or `data.name`/`data.parentId` (folders) are given. A failing operation fails the whole batch; the error message names it (`operations[2]: ...`). An `update` or `delete` whose `data.baseRevision` is stale is refused with 409 `revision_conflict` and the current document; an `update` of a deleted document is 409 `document_deleted`. A document shared with the caller is named by `data.id` (its `path` is ignored: it is in the owner's tree); an editor's `update` changes its title and content with the same revision conflicts, and any other operation on it, or a viewer's update, is 403 `forbidden`. The answer's `lastSyncAt` is the stamp of these changes; keep pulling from your previous cursor to see other clients' changes.
         */
        post: operations["pushDocumentOperations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The template documents (in the `_templates` root folder, created if missing) */
        get: operations["listDocumentTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/templates/seed-defaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add the default templates that are missing (subscribers)
         * @description Idempotent: templates already present (by file name) are left as they are.
         */
        post: operations["seedDocumentTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/trash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deleted documents and folders (kept 30 days) */
        get: operations["listDocumentTrash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your events after a cursor (pull)
         * @description Your stream in seq order: your own writes, your home timeline, your notifications, the lists and documents you own or that are shared with you. `after` is required (`0`: the oldest retained). A cursor below the retained window: 410 `cursor_too_old` with `oldestSeq` and `headSeq` (refetch over the API, then pull from `headSeq`); past the head: 409 `cursor_ahead` with `headSeq`. Events are kept 7 days or the newest 10,000, whichever keeps fewer.
         */
        get: operations["pullEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your events as they happen (Server-Sent Events)
         * @description Send `Accept: text/event-stream` (else 406 `not_acceptable`). First a `retry:` line, then `event: ready` with `{ seq, oldestSeq }`, then each event as `event: <type>`, `id: <seq>`, `data: <envelope>`; a comment `: hb` every 15 s. Resume with `Last-Event-ID` (or `?after=<seq>`): up to 1,000 missed events are replayed; a cursor too old, too far behind or ahead gets `event: resync` with `{ reason, seq, oldestSeq }` and the stream goes on live from the head (refetch over the API). A malformed cursor: 400 `invalid_cursor`. At most 5 streams per user (429 `too_many_streams`); a stream ends after about 30 minutes, and at once when its session or token ends; a client with over 256 KiB unsent is disconnected. Reconnect with your cursor.
         */
        get: operations["eventStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/exports/follows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your followers, followed users and follow requests as CSV */
        get: operations["exportFollows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/exports/list-data-rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rows of all your lists as CSV */
        get: operations["exportListRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/exports/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your lists (with their schemas) as CSV */
        get: operations["exportLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/exports/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your messages as CSV */
        get: operations["exportMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All the caller’s list folders that are not deleted */
        get: operations["listListFolders"];
        put?: never;
        /** Create a list folder */
        post: operations["createListFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/folders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename or move a list folder */
        put: operations["updateListFolder"];
        post?: never;
        /** Delete a list folder and its subfolders (soft); their lists move to the root */
        delete: operations["deleteListFolder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/geo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the caller’s address is (country, region, city, time zone, coordinates)
         * @description From a city database read locally (GeoLite2 City by MaxMind, or the operator’s `GEOIP_DB`); no outside service is asked. The address is the client address (behind a proxy, from `X-Forwarded-For` when `TRUST_PROXY` says so). Unknown, private and loopback addresses answer the same shape with nulls. `ip` locates another address: administrators only (401 anonymous, 403 other accounts); an invalid address is 400 `invalid_ip`.
         */
        get: operations["geolocate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database check */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers, its migrations are applied, the blob store writes and reads
         * @description A load balancer takes the instance out while it answers 503 (the failing check says `failing`).
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s lists, newest first */
        get: operations["listLists"];
        put?: never;
        /**
         * Create a list with its schema
         * @description The title defaults to the schema name. A schema error is 400 `bad_request` with a message starting `Invalid schema:`. Probation accounts get 403 `account_probation_feature`. With `source` instead of `schema`, a codehost-backed list: the source’s fixed schema (repositories and starred: name, description, url, language, stars, updatedAt; issues: number, title, state, labels, url, author, updatedAt), rows written by its sync (the first one queued at once, then hourly and `POST /api/lists/{id}/sync`) and read-only through the API (writes: 409 `read_only_list`). No linked codehost identity: 400 `network_not_linked`; `repository` (`owner/name`) missing for issues or sent for the others: 400 `bad_request`.
         */
        post: operations["createList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller’s lists with its schema */
        get: operations["getList"];
        put?: never;
        post?: never;
        /** Delete a list with its rows and views */
        delete: operations["deleteList"];
        options?: never;
        head?: never;
        /** Change a list’s title, description, visibility or folder */
        patch: operations["updateList"];
        trace?: never;
    };
    "/api/lists/{id}/collaborators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the list is shared with (owner and collaborators) */
        get: operations["listListCollaborators"];
        put?: never;
        /**
         * Share the list with a user, an e-mail or an organization (owner)
         * @description Exactly one of `username`, `email`, `orgSlug`. A user gets an in-app notification (`shared_with_you`); an e-mail of no account an invite e-mail (`share_invite`) and the collaborator is `invited` until it is accepted; an organization gives every current and future member the role. Yourself or a second grant to the same grantee: 409 `already_shared`. A collaborator: 403 `forbidden`; no access: 404.
         */
        post: operations["addListCollaborator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/collaborators/{collaboratorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a grant on the list (owner), or leave it (the collaborator); access ends at once */
        delete: operations["removeListCollaborator"];
        options?: never;
        head?: never;
        /** Change a collaborator's role on the list (owner) */
        patch: operations["changeListCollaboratorRole"];
        trace?: never;
    };
    "/api/lists/{id}/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a list’s rows, sorted, filtered and searched
         * @description With `view`, the saved view’s sort (unless `sort` is given) and filter apply and its hidden columns are left out of `data`.
         */
        get: operations["listListRows"];
        /**
         * Edit a row
         * @description The keys sent replace those cells (null clears one); the other cells keep their values. The whole row is validated.
         */
        put: operations["editListRow"];
        /**
         * Add a row
         * @description Row data is keyed by column key. A validation failure is 400 `validation_failed` with `errors` (every message); a taken unique value is 409 `unique_violation`.
         */
        post: operations["addListRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/data/{rowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Move a row to the trash (kept 30 days) */
        delete: operations["deleteListRow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/data/{rowId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring a row back from the trash
         * @description 409 `unique_violation` when one of its unique values was taken meanwhile.
         */
        post: operations["restoreListRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your lists as CSV, in the form its import reads
         * @description A column per column of the list, headed by its label (by its key where the label would be ambiguous), a line per row, oldest first. Multiselect values are separated by `;`, booleans are `true`/`false`, dates `YYYY-MM-DD`, datetimes ISO 8601; an empty cell is no value. A cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe (so a spreadsheet does not run it), which the import takes off: the file imports back into a list of the same schema (POST /api/lists/{id}/import) as it was.
         */
        get: operations["exportList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import rows from a CSV file (runs as a job)
         * @description multipart/form-data: `file` (CSV; the header names column keys or labels), `dryRun` (`true`|`false`), `upsertKey` (a unique column’s key: lines whose value matches a row update it), `mode` (`all-or-nothing`, the default, or `valid-rows`). Answers 202 at once; follow the job at GET /api/lists/{id}/imports/{jobId}. A multiselect cell separates its values with `;` (`red;green`); booleans are true/false, 1/0 or yes/no; dates YYYY-MM-DD, datetimes ISO 8601; a leading apostrophe before =, +, -, @, tab or carriage return is taken off. GET /api/lists/{id}/export writes this form. A file that is not CSV text (a spreadsheet, an image, a PDF: by its bytes): 415 `unsupported_media_type`, and no job.
         */
        post: operations["importListRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/imports/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The progress and result of a CSV import */
        get: operations["getListImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rebuild a list’s schema, or edit its columns keeping their data
         * @description A schema object (`name`, `fields`) is a destructive rebuild: every column and row is replaced and the name becomes the title. A `properties` array is a non-destructive edit: items with a known `propertyId` keep that column and its data (label, rules, options, order and key may change); items without one add a column; columns left out are removed with their values. A type change is refused (400) unless every stored value fits the new type.
         */
        put: operations["updateListSchema"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The share links of one of the caller’s lists, newest first (owner; no tokens) */
        get: operations["listListShareLinks"];
        put?: never;
        /**
         * Make a share link of one of the caller’s lists (owner)
         * @description `view` lets anyone holding the link read it; `edit` also lets a signed-in account with a verified e-mail change it. The token (at least 128 random bits, stored only as a hash) is in `url`, shown in this answer only. `expiresAt` must be in the future and at most a year away (else 400).
         */
        post: operations["createListShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/share-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a share link (owner): it stops working at once, on every instance */
        delete: operations["revokeListShareLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync a codehost-backed list now
         * @description Queues a sync of the caller’s codehost-backed list and answers at once (202); the list’s `lastSyncedAt` moves when it has run. Another user’s list: 404. A list of the caller’s own rows: 409 `not_codehost_list`.
         */
        post: operations["syncList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/trash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rows deleted in the last 30 days, most recent first */
        get: operations["listListTrash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The saved views of a list */
        get: operations["listListViews"];
        put?: never;
        /** Save a view of a list */
        post: operations["createListView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/views/{viewId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a saved view */
        put: operations["updateListView"];
        post?: never;
        /** Delete a saved view */
        delete: operations["deleteListView"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/watch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Watch a list: be told when someone else adds, edits or deletes its rows (idempotent)
         * @description For the list’s owner and collaborators. Each change by someone else gives you an in-app notification of type `list_changed` (`target.listId`, `routePath` `/lists/<id>`); while it is unread, further changes add to its `metadata.changes` instead of adding another. A CSV import counts every row it wrote.
         */
        post: operations["watchList"];
        /**
         * Stop watching a list (idempotent)
         * @description For the list’s owner and collaborators; watching or not, the answer is the same.
         */
        delete: operations["unwatchList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/materialize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn messages, lists, rows or a document into a new list, a new document, both, or a message draft
         * @description Subscribers only. The request carries ids only: every one is read again under the caller (missing or not the caller’s: 404, and nothing is created), and content is derived on the server. `list`, `doc` and `both` (one transaction: both or neither) answer 201 and, like creating a list or a document, are not open to accounts in probation; `message` answers 200 with a draft and writes nothing. A value the new list refuses is left empty (`emptiedValues`); a row still missing a required value is left out (`skippedRows`).
         */
        post: operations["materialize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An uploaded image or video
         * @description The stored bytes with their content type, `ETag` (304 on a matching `If-None-Match`), `Cache-Control: public, max-age=31536000, immutable` and `X-Content-Type-Options: nosniff`. A single `Range` (`bytes=a-b`, `bytes=a-`, `bytes=-n`) is answered 206 with `Content-Range`, so videos seek; a range past the end is 416.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The feed: public messages, and with credentials also own and followed users’ messages
         * @description Anonymous callers get public messages; signed-in callers get public, own and followed users’ messages, or only own and followed ones when their viewingPreference is `following`. `onlyMine` needs credentials.
         */
        get: operations["listMessages"];
        put?: never;
        /**
         * Post a message, reply, push or scheduled message
         * @description `content` is required unless pushing, at most the account’s maxMessageLength characters. `parentId` and `pushedMessageId` exclude each other; `scheduledAt` (rounded up to the next 5-minute boundary) excludes both. Media, scheduling and cross-posting are for subscribers outside probation.
         */
        post: operations["createMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One message (public ones without credentials) */
        get: operations["getMessage"];
        put?: never;
        post?: never;
        /**
         * Delete an own message and its replies
         * @description 409 while other posts push the message.
         */
        delete: operations["deleteMessage"];
        options?: never;
        head?: never;
        /**
         * Reschedule a future-scheduled message or change its cross-posts
         * @description Only own messages whose scheduled time is still ahead (409 otherwise). `scheduledAt` is rounded up to the next 5-minute boundary.
         */
        patch: operations["updateScheduledMessage"];
        trace?: never;
    };
    "/api/messages/{id}/cross-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery ledger of an own message: one entry per cross-post target */
        get: operations["listCrossPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/{id}/cross-posts/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try the failed deliveries of an own message again
         * @description Only `failed` deliveries go back to `pending` (their attempts start again); the others are left as they are.
         */
        post: operations["retryCrossPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/{id}/dig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** I Dig! a message (idempotent) */
        post: operations["digMessage"];
        /** Take back a dig (idempotent) */
        delete: operations["undigMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/{id}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Replies to a message, oldest first */
        get: operations["listReplies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a message to the administrators
         * @description A second report of the same message by the same user updates the first (200).
         */
        post: operations["reportMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/images/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image for a message (subscribers)
         * @description Send `multipart/form-data` with the file in the field `file`. The type is decided by the bytes (magic numbers), never by the declared content type or file name. JPEG, PNG, WebP or GIF (415 otherwise); resized to at most 1200 px on the longest side and at most 1.4 MB, EXIF orientation applied and all metadata (GPS included) removed; animated GIFs stay animated. Up to 20 MB may be sent (413 beyond). Free accounts: 403 `subscription_required`; probation accounts: 403 `account_probation_feature`. An upload not attached to a message within 24 hours is deleted.
         */
        post: operations["uploadMessageImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/scheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s upcoming scheduled messages
         * @description `range`: `today` (until the next UTC midnight), `week` (7 days) or `month` (30 days, the default).
         */
        get: operations["listScheduledMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search top-level messages in the caller’s feed by a case-insensitive substring
         * @description `q` is 1 to 200 characters, matched literally (`%` and `_` are ordinary characters); replies are not searched.
         */
        get: operations["searchMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/videos/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a video for a message (subscribers)
         * @description Send `multipart/form-data` with the file in the field `file`. The type is decided by the bytes (magic numbers), never by the declared content type or file name. MP4, WebM, QuickTime or AVI (415 otherwise), at most 3 MB (413 beyond), stored as sent (no transcoding). Free accounts: 403 `subscription_required`; probation accounts: 403 `account_probation_feature`. An upload not attached to a message within 24 hours is deleted.
         */
        post: operations["uploadMessageVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The unread tray (scope=tray) or the historical feed, with the unread count */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one notification (irreversible) */
        delete: operations["deleteNotification"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Mark one notification read (idempotent) */
        patch: operations["markNotificationRead"];
        trace?: never;
    };
    "/api/notifications/mark-all-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark every unread notification read */
        post: operations["markAllNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One-click unsubscribe (RFC 8058): turn off the e-mail channel of the event the token names
         * @description The URL of the `List-Unsubscribe` header of every notification e-mail. Mail clients post `List-Unsubscribe=One-Click` form-encoded; any body is ignored. A GET of the same URL answers a page with a button and changes nothing.
         */
        post: operations["unsubscribeNotificationEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's organizations */
        get: operations["listMyOrganizations"];
        put?: never;
        /** Create an organization; the caller becomes its owner */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organization (anyone signed in) */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        /** Delete the organization (owner); messages posted to it stay with their authors */
        delete: operations["deleteOrganization"];
        options?: never;
        head?: never;
        /** Change the name, description or avatar (owner or admin) */
        patch: operations["updateOrganization"];
        trace?: never;
    };
    "/api/orgs/{slug}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pending invites (owner or admin) */
        get: operations["listOrganizationInvites"];
        put?: never;
        /** Invite someone by e-mail or username (owner or admin); sends an e-mail and, to an account, a notification */
        post: operations["createOrganizationInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/invites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invite (owner or admin); its link stops working */
        delete: operations["revokeOrganizationInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The members and their roles (members only) */
        get: operations["listOrganizationMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/members/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (owner or admin; an admin never an owner), or leave */
        delete: operations["removeOrganizationMember"];
        options?: never;
        head?: never;
        /** Change a member's role (owner) */
        patch: operations["changeOrganizationMemberRole"];
        trace?: never;
    };
    "/api/orgs/{slug}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organization's messages: its public ones, and its private ones for its members */
        get: operations["listOrganizationMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhooks of the organization (its owners and admins) */
        get: operations["listOrgWebhooks"];
        put?: never;
        /** Create a webhook of the organization (its owners and admins); its signing secret is in this answer only */
        post: operations["createOrgWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook */
        get: operations["getOrgWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook and its deliveries */
        delete: operations["deleteOrgWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook’s url, events, description, or turn it on or off
         * @description Enabling a disabled webhook clears its disabledReason and failure run; events written while it was off are not sent.
         */
        patch: operations["updateOrgWebhook"];
        trace?: never;
    };
    "/api/orgs/{slug}/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook’s deliveries (kept 30 days), newest first, by status and type */
        get: operations["listOrgWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with the exact body sent and each attempt */
        get: operations["getOrgWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again: same body and webhook-id, as a new delivery */
        post: operations["redeliverOrgWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret; the old one keeps signing beside it for 24 hours */
        post: operations["rotateOrgWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{slug}/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event now; answers after its first attempt */
        post: operations["testOrgWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/invites/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invite: join with its role (the invite's addressee only) */
        post: operations["acceptOrganizationInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proxy/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An image from another site, fetched by the server and re-encoded
         * @description The server fetches `url` (no private, loopback or otherwise reserved address, however spelt or redirected to), checks by its bytes that it is a JPEG, PNG, WebP or GIF image, and answers it re-encoded: metadata removed, at most `w` (or 1200) px on the longest side, in its own format (a GIF as the PNG of its first frame). Answers are cached for 24 hours by URL and width, carry `ETag` and `Cache-Control`, and a matching `If-None-Match` gets 304. Not an image: 415 `unsupported_media_type`; over 10 MB: 413; a refused address: 400 `invalid_url`; the host failing, timing out or answering an error: 502 `upstream_error`. At most 120 requests a minute per user (429).
         */
        get: operations["proxyImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s registered push devices, most recently registered first */
        get: operations["listPushDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a device for push delivery (an existing token of the caller is updated, not duplicated) */
        post: operations["registerPushDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/unregister": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unregister a device token (idempotent: an unknown token is also 200) */
        delete: operations["unregisterPushDevice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the caller’s messages, documents and list rows together, ranked
         * @description Only what the caller may read: their own items, public messages and followed accounts’ messages as the feed shows them (never a blocked or muted author’s), documents and lists shared with them directly or through an organization (not through a link). Words match whole and by prefix, case and accents ignored; Chinese and Japanese text, and emoji, match by substring. Ranked: all the words before some, title before body, then newest.
         */
        get: operations["searchEverything"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shared-with-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists and documents shared with the caller, directly or through an organization */
        get: operations["sharedWithMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shared/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a share link opens: the list with its schema, or the document, and its owner
         * @description A token that is unknown, revoked or expired, or whose list or document was deleted, is 404 with the same body in every case. Requests through share links are limited to 120 a minute per client address, reads and writes together (429 with Retry-After).
         */
        get: operations["getSharedItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a shared document’s title or content through an edit link
         * @description With `baseRevision`, a document changed since that revision is left as it is: 409 `revision_conflict` with the current document. The revision is recorded as the caller’s. A list’s link: 404. Needs a signed-in account (401) with a verified e-mail (403 `email_not_verified`) and an edit link (a view link: 403 `read_only_link`). A token that is unknown, revoked or expired, or whose list or document was deleted, is 404 with the same body in every case. Requests through share links are limited to 120 a minute per client address, reads and writes together (429 with Retry-After).
         */
        patch: operations["updateSharedDocument"];
        trace?: never;
    };
    "/api/shared/{token}/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a shared list’s rows (the list data read’s shape)
         * @description A document’s link has no rows: 404. A token that is unknown, revoked or expired, or whose list or document was deleted, is 404 with the same body in every case. Requests through share links are limited to 120 a minute per client address, reads and writes together (429 with Retry-After).
         */
        get: operations["listSharedListRows"];
        /**
         * Edit a row of a shared list through an edit link
         * @description As the list’s own row edit: the keys sent replace those cells, the whole row is validated. Needs a signed-in account (401) with a verified e-mail (403 `email_not_verified`) and an edit link (a view link: 403 `read_only_link`). A token that is unknown, revoked or expired, or whose list or document was deleted, is 404 with the same body in every case. Requests through share links are limited to 120 a minute per client address, reads and writes together (429 with Retry-After).
         */
        put: operations["editSharedListRow"];
        /**
         * Add a row to a shared list through an edit link
         * @description The list’s row rules apply (400 `validation_failed`, 409 `unique_violation`, 409 `read_only_list`). Needs a signed-in account (401) with a verified e-mail (403 `email_not_verified`) and an edit link (a view link: 403 `read_only_link`). A token that is unknown, revoked or expired, or whose list or document was deleted, is 404 with the same body in every case. Requests through share links are limited to 120 a minute per client address, reads and writes together (429 with Retry-After).
         */
        post: operations["addSharedListRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shared/{token}/data/{rowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Move a row of a shared list to the trash through an edit link
         * @description Needs a signed-in account (401) with a verified e-mail (403 `email_not_verified`) and an edit link (a view link: 403 `read_only_link`). A token that is unknown, revoked or expired, or whose list or document was deleted, is 404 with the same body in every case. Requests through share links are limited to 120 a minute per client address, reads and writes together (429 with Retry-After).
         */
        delete: operations["deleteSharedListRow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shares/invites/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a sharing invite: the grant becomes the caller's (the invited, verified address only)
         * @description Another account than the one whose verified e-mail was invited: 403 `invite_email_mismatch`. An unknown, used, revoked or expired token: 400 `invalid_token`.
         */
        post: operations["acceptShareInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tags/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tags in use that start with q (case-insensitive), most used first
         * @description Counts public top-level messages of all time; tags are returned as written. `q` is matched literally.
         */
        get: operations["searchTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tags/trending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tags of public top-level messages of the last 24 hours, ranked by distinct authors, then messages
         * @description An author counts once per tag. Tags are as written (case-sensitive). Private messages, replies and scheduled messages not yet published never count. The counts may be up to 5 seconds behind the writes: a new, deleted or just published message counts, or stops counting, within that.
         */
        get: operations["listTrendingTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user with their settings */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        /**
         * Delete your own account and everything it holds
         * @description Session only, confirmed by the current password (400 without it, 403 when wrong). Every session and sync token of the account ends at once; its content, follows, blocks, mutes, digs, notifications, identities, uploads and blobs are removed; the e-mail address and username are free again after 30 days. The last administrator cannot delete their account (400 `last_administrator`). A restricted or suspended (read-only) account may still delete itself; a banned one may not (403 `account_banned`).
         */
        delete: operations["deleteCurrentUser"];
        options?: never;
        head?: never;
        /**
         * Update the current user’s profile and settings
         * @description Send any of the fields; at least one. `maxMessageLength` is 1 to 10000; `viewingPreference` is `all` (public, own and followed users' messages) or `following` (own and followed only).
         */
        patch: operations["updateCurrentUser"];
        trace?: never;
    };
    "/api/user/{username}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user’s public messages (their owner, and followers, also see private ones) */
        get: operations["listUserMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The state of the latest data archive, with its download link once ready */
        get: operations["getDataArchive"];
        put?: never;
        /**
         * Start building a ZIP archive of everything the account owns (one a day)
         * @description Profile, messages (CSV and JSON), direct messages, documents as markdown in their folders, each list’s schema and rows, follows and uploaded media. Built in the background; follow it with GET /api/user/archive. A second request within 24 hours of the last: 429 `archive_rate_limited` with Retry-After.
         */
        post: operations["requestDataArchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/archive/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ZIP file of a ready archive, for 24 hours after it was built */
        get: operations["downloadDataArchive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users the current user blocks */
        get: operations["listBlockedUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an e-mail address change
         * @description A confirmation link goes to the new address; the address changes only once that link is used (`POST /api/auth/verify-email-change`).
         */
        post: operations["requestEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/follow-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending requests to follow the current user */
        get: operations["listFollowRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/follow-requests/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept a follow request: the requester now follows you */
        post: operations["acceptFollowRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/follow-requests/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a follow request */
        post: operations["rejectFollowRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users who follow the current user */
        get: operations["listFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/following": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users the current user follows */
        get: operations["listFollowing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Provider identities linked to the current user */
        get: operations["listIdentities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/identities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlink a provider identity (its token is revoked at the provider where it can be)
         * @description Another user’s identity: 404. The only way the account can sign in (no password, no other identity): 409 `last_sign_in_method`.
         */
        delete: operations["unlinkIdentity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/mutes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users the current user mutes */
        get: operations["listMutedUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/networkC/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The networkC authors the current user can post as: their person and the organization pages they administer */
        get: operations["listNetworkCTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/notification-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every notification event with its channels (unset channels are enabled) */
        get: operations["getNotificationPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Turn channels of one notification event on or off */
        patch: operations["updateNotificationPreference"];
        trace?: never;
    };
    "/api/user/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password, confirmed by the current one
         * @description Session only. A wrong current password: 403 `invalid_password`. Every other session and every sync token of the account ends at once; the session making the change stays signed in.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user’s public profile (viewer-aware: a private account’s bio only for followers) */
        get: operations["getPublicProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block a user: neither sees the other, interactions are refused, follows both ways end (idempotent) */
        post: operations["blockUser"];
        /** Unblock a user (idempotent) */
        delete: operations["unblockUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user’s public documents, newest first
         * @description Private documents never appear. An unknown user is 404 `user_not_found`.
         */
        get: operations["listPublicDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/feed.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user’s 20 newest public documents as an Atom feed
         * @description Each entry has the title, a link, the update time and the content as HTML rendered from markdown, raw HTML removed. An unknown user is 404 `user_not_found`.
         */
        get: operations["getBlogFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Follow a user (a private account gets a follow request) */
        post: operations["followUser"];
        /** Stop following a user, or withdraw a pending request (idempotent) */
        delete: operations["unfollowUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user’s public lists */
        get: operations["listPublicLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public list with its schema (as a string)
         * @description A private list is 404, as an unknown one.
         */
        get: operations["getPublicList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/lists/{id}/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a public list’s rows
         * @description Takes the row query parameters of the authenticated read (limit, offset, sort, filter, q).
         */
        get: operations["listPublicListRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/mute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mute a user: their messages and notifications leave your feeds and tray (idempotent) */
        post: operations["muteUser"];
        /** Unmute a user (idempotent) */
        delete: operations["unmuteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a user to the administrators */
        post: operations["reportUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{username}/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe an e-mail address to a user’s blog (double opt-in)
         * @description Sends a confirmation e-mail (`blog_subscription_confirm`) with `<PUBLIC_URL>/blog-subscription?token=<TOKEN>`; the subscription starts when the token is confirmed within 48 hours. The answer is the same whether or not the address was new. Rate-limited per client address and per subscribed address.
         */
        post: operations["subscribeToBlog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/weather": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current weather at a place, or where the caller is
         * @description From Open-Meteo’s forecast API (`WEATHER_API_URL`), asked for the coordinates rounded to 2 decimals and cached 10 minutes per rounded coordinate. Without `lat` and `lon`, the caller’s geolocation; when none is known: 400 `location_required`. Coordinates out of range: 400. The weather service failing or timing out: 502 `upstream_error`.
         */
        get: operations["currentWeather"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhooks of the caller */
        get: operations["listWebhooks"];
        put?: never;
        /** Create a webhook of the caller; its signing secret is in this answer only */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook and its deliveries */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook’s url, events, description, or turn it on or off
         * @description Enabling a disabled webhook clears its disabledReason and failure run; events written while it was off are not sent.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook’s deliveries (kept 30 days), newest first, by status and type */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with the exact body sent and each attempt */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again: same body and webhook-id, as a new delivery */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret; the old one keeps signing beside it for 24 hours */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event now; answers after its first attempt */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A user as seen by administrators */
        AdminUser: {
            /** @enum {string} */
            accountStatus: "probation" | "active" | "restricted" | "suspended" | "banned";
            avatar: string | null;
            bio: string | null;
            cleared: boolean;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            customerStatus: "free" | "subscriber" | "subscriber:monthly" | "subscriber:annual";
            displayName: string;
            /** Format: email */
            email: string;
            emailVerified: boolean;
            id: string;
            isAdministrator: boolean;
            username: string;
        };
        /** @description A series of 2 to 6 articles (article_series) */
        AiDocSeriesArtifact: {
            documents: {
                markdown: string;
                /** @description Position in the series, from 1 */
                order: number;
                outline?: string[];
                title: string;
            }[];
            folderTitle: string;
            /** @enum {string} */
            kind: "doc_series";
        };
        /** @description A markdown document (powered_document) */
        AiDocumentArtifact: {
            isPublic: boolean;
            /** @enum {string} */
            kind: "document";
            markdown: string;
            outline: string[];
            title: string;
        };
        /** @description The artifact was persisted */
        AiGenerateResult: {
            /** @description What was created, by artifact kind */
            created: {
                listId: string;
            } | {
                /** Format: date-time */
                firstScheduledAt: string;
                /** Format: date-time */
                lastScheduledAt: string;
                scheduledMessageIds: string[];
            } | {
                documentId: string;
            } | {
                documentIds: string[];
                folderId: string;
            };
            /**
             * @description The AI feature
             * @enum {string}
             */
            feature: "powered_template" | "powered_document" | "message_series" | "article_series" | "writing_assist";
            /** @enum {boolean} */
            ok: true;
            quota: {
                dailyLimit: number;
                usedToday: number;
            };
        };
        /** @description A list: its schema and starter rows (powered_template) */
        AiListArtifact: {
            description: string;
            /** @description A list schema object (DSL), at most 20 fields */
            dsl: {
                description?: string;
                fields: ({
                    /** @description Machine key of the column */
                    key: string;
                    label: string;
                    /** @description One of the twelve column types */
                    type: string;
                } & {
                    [key: string]: unknown;
                })[];
                name: string;
            } & {
                [key: string]: unknown;
            };
            /** @enum {string} */
            kind: "list";
            /** @description Starter rows keyed by column key; rows the list would refuse are dropped */
            rows: {
                [key: string]: unknown;
            }[];
            title: string;
        };
        /** @description One post (writing_assist: rewrite, tighten, expand, grammar) */
        AiMessageArtifact: {
            content: string;
            /** @enum {string} */
            kind: "message";
        };
        /** @description A series of 3 to 12 posts (message_series) */
        AiMessageSeriesArtifact: {
            items: {
                content: string;
                crossPostTargets?: ("networkA" | "networkB" | "networkC" | "networkD")[];
                /** @description Position in the series, from 1 */
                order: number;
            }[];
            /** @enum {string} */
            kind: "message_series";
            listTitle: string;
        };
        /** @description The AI features available to the caller; never a key */
        AiStatus: {
            /** @description The fallback model, keyed by provider id */
            defaultModels: {
                [key: string]: string;
            };
            /** @description The configured provider, when its key is set */
            providers: ("openai" | "anthropic")[];
            quota: {
                dailyLimit: number;
                remaining: number;
                usedToday: number;
            };
            subscriber: boolean;
        };
        /** @description A validated artifact; nothing was written */
        AiSuggestResult: {
            /** @description An artifact; `kind` selects the shape */
            artifact: components["schemas"]["AiListArtifact"] | components["schemas"]["AiDocumentArtifact"] | components["schemas"]["AiMessageSeriesArtifact"] | components["schemas"]["AiDocSeriesArtifact"] | components["schemas"]["AiMessageArtifact"] | components["schemas"]["AiThreadArtifact"] | components["schemas"]["AiTagsArtifact"];
            /**
             * @description The AI feature
             * @enum {string}
             */
            feature: "powered_template" | "powered_document" | "message_series" | "article_series" | "writing_assist";
            /** @enum {boolean} */
            ok: true;
            quota: {
                dailyLimit: number;
                usedToday: number;
            };
            usage: {
                inputTokens: number;
                model: string;
                outputTokens: number;
            };
        };
        /** @description Tags for a post (writing_assist: tags) */
        AiTagsArtifact: {
            /** @enum {string} */
            kind: "tags";
            tags: string[];
        };
        /** @description A thread: its posts in reply order (writing_assist: thread) */
        AiThreadArtifact: {
            /** @enum {string} */
            kind: "thread";
            parts: string[];
        };
        /** @description The caller's tier and subscription, as last read from the payment provider */
        Billing: {
            cancelAtPeriodEnd: boolean;
            /** @description Whether billing is configured on this server */
            configured: boolean;
            currentPeriodEnd: string | null;
            /** @enum {string} */
            customerStatus: "free" | "subscriber" | "subscriber:monthly" | "subscriber:annual";
            plan: ("monthly" | "annual") | null;
            status: string | null;
        };
        BillingSessionUrl: {
            /** @description The provider's page to open */
            url: string;
        };
        /** @description Whether the caller now blocks the user */
        BlockState: {
            blocking: boolean;
        };
        /** @description A grant on a list or document: to a user, an organization (every member) or an invited e-mail */
        Collaborator: {
            /** Format: date-time */
            createdAt: string;
            email: string | null;
            id: string;
            org: {
                id: string;
                name: string;
                slug: string;
            } | null;
            /**
             * @description `viewer` reads the item; `editor` also changes rows or a document’s title and content
             * @enum {string}
             */
            role: "viewer" | "editor";
            /**
             * @description `invited`: an e-mail of no account, until its invite is accepted
             * @enum {string}
             */
            status: "active" | "invited";
            user: components["schemas"]["UserSummary"] | null;
        };
        /** @description Rules checked when a row is added or edited */
        ColumnValidation: {
            max?: number | string;
            maxLength?: number;
            min?: number | string;
            minLength?: number;
            /** @description A regular expression (RE2 syntax: no lookaround or backreferences) */
            pattern?: string;
            /** @description A hint for input controls; not enforced */
            step?: number;
        };
        /** @description One condition: a column compared with a value */
        Condition: {
            /** @description The key of the column compared */
            field: string;
            /** @enum {string} */
            operator: "equals" | "notEquals" | "contains" | "notContains" | "greaterThan" | "lessThan" | "greaterThanOrEqual" | "lessThanOrEqual" | "isEmpty" | "isNotEmpty";
            /** @description Ignored by isEmpty and isNotEmpty */
            value?: unknown;
        };
        /** @description The caller’s messages with one other user */
        Conversation: {
            lastMessage: components["schemas"]["DirectMessage"];
            unreadCount: number;
            user: components["schemas"]["UserSummary"];
        };
        /** @description One delivery of a message to one network target */
        CrossPostDelivery: {
            attempts: number;
            error: string | null;
            errorCode: string | null;
            externalUrl: string | null;
            id: string;
            /** @enum {string} */
            platform: "networkA" | "networkB" | "networkC" | "networkD";
            providerId: string | null;
            /** @enum {string} */
            status: "pending" | "ok" | "failed";
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description The outcome of cross-posting to one network */
        CrossPostEntry: {
            error?: string | null;
            externalUrl?: string;
            /** @enum {string} */
            platform: "networkA" | "networkB" | "networkC" | "networkD";
            providerId?: string;
            /** @enum {string} */
            status: "ok" | "failed" | "pending";
        };
        /** @description A networkA cross-post result (the platform is in crossPosts[].platform) */
        CrossPostResult: {
            error?: string;
            errorCode?: string;
            instanceName: string;
            providerId: string;
            statusCode?: number;
            success: boolean;
            url?: string;
        };
        /** @description The signed-in account with its settings */
        CurrentUser: {
            /** @enum {string} */
            accountStatus: "probation" | "active" | "restricted" | "suspended" | "banned";
            avatar: string | null;
            bio: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            customerStatus: "free" | "subscriber" | "subscriber:monthly" | "subscriber:annual";
            defaultPubliclyVisible: boolean;
            displayName: string;
            /** Format: email */
            email: string;
            emailVerified: boolean;
            id: string;
            isPrivate: boolean;
            maxMessageLength: number;
            theme: string | null;
            username: string;
            /** @enum {string} */
            viewingPreference: "all" | "following";
        };
        /** @description A ZIP archive of everything the account owns */
        DataArchive: {
            /** Format: date-time */
            createdAt: string;
            downloadUrl: string | null;
            expiresAt: string | null;
            finishedAt: string | null;
            id: string;
            size: number | null;
            /**
             * @description `expired`: the 24-hour download window has ended
             * @enum {string}
             */
            status: "building" | "ready" | "failed" | "expired";
        };
        /** @description A direct message between two users */
        DirectMessage: {
            content: string;
            /** Format: date-time */
            createdAt: string;
            id: string;
            imageUrls: string[];
            readAt: string | null;
            recipient: components["schemas"]["UserSummary"];
            sender: components["schemas"]["UserSummary"];
        };
        /** @description A markdown document */
        Document: {
            content: string;
            /** Format: date-time */
            createdAt: string;
            folderId: string | null;
            id: string;
            isPublic: boolean;
            /** @description The file name inside the folder */
            relativePath: string;
            /** @description 1 on create, +1 on every change */
            revision: number;
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A document folder with the documents directly inside it */
        DocumentFolder: {
            documents: components["schemas"]["DocumentRef"][];
            id: string;
            name: string;
            parentId: string | null;
        };
        /** @description A folder with its child folders and its documents */
        DocumentFolderDetail: {
            children: components["schemas"]["DocumentFolder"][];
            /** Format: date-time */
            createdAt: string;
            documents: components["schemas"]["DocumentRef"][];
            id: string;
            name: string;
            parentId: string | null;
            /** @description Folder names from the root, joined by `/` */
            path: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description Who is on a document now */
        DocumentPresence: {
            /** @description Everyone seen on the document in the last 60 seconds, on any instance, most recently seen first */
            present: {
                editing: boolean;
                /**
                 * Format: date-time
                 * @description Their last heartbeat
                 */
                lastSeenAt: string;
                user: components["schemas"]["UserSummary"];
            }[];
        };
        /** @description A document as listed inside a folder */
        DocumentRef: {
            id: string;
            relativePath: string;
            title: string;
        };
        /** @description A past version of a document */
        DocumentRevision: {
            content: string;
            /** Format: date-time */
            createdAt: string;
            editor: components["schemas"]["RevisionEditor"];
            revision: number;
            title: string;
        };
        /** @description One entry of a document’s history */
        DocumentRevisionSummary: {
            /** Format: date-time */
            createdAt: string;
            editor: components["schemas"]["RevisionEditor"];
            revision: number;
            title: string;
        };
        /** @description A document found by search */
        DocumentSearchHit: {
            content: string;
            /** Format: date-time */
            createdAt: string;
            folderId: string | null;
            id: string;
            isPublic: boolean;
            /** @description 1 on create, +1 on every change */
            revision: number;
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description One sent, failed or logged e-mail */
        EmailLogEntry: {
            /** Format: date-time */
            createdAt: string;
            emailType: string;
            error: string | null;
            id: string;
            /** Format: email */
            recipient: string;
            /** @enum {string} */
            status: "sent" | "failed" | "logged";
            subject: string;
            userId: string | null;
        };
        /** @description The error body of every failed request */
        Error: {
            /** @description Machine-readable, stable error code */
            code?: string;
            /** @description What went wrong, in words */
            error: string;
            /** @description Every problem, in words (`bad_request`: a request that breaks its schema; `validation_failed`: a list row that breaks its list rules; `unique_violation`); `error` is the first */
            errors?: string[];
        } & {
            [key: string]: unknown;
        };
        /** @description One event of your stream (the live stream’s `data:` line and a webhook body alike) */
        EventEnvelope: {
            actor: {
                id: string;
                username: string;
            } | null;
            /** @description Thin: ids and the few fields that tell whether to fetch (`messageId`, `listId`, `rowId`, `documentId`, `revision`…); a tombstone has `deletedAt` and `reason` */
            data: {
                [key: string]: unknown;
            };
            /** @description Unique across the service (`evt_…`): a receiver’s idempotency key */
            id: string;
            /** @description Its place in your stream: only grows, without gaps a reader could skip */
            seq: number;
            /**
             * Format: date-time
             * @description When it was written
             */
            timestamp: string;
            /** @description The event type (`message.created`, `list.row.updated`…); ignore types you do not know */
            type: string;
        };
        /** @description Your events after a cursor, in seq order */
        EventsPage: {
            events: components["schemas"]["EventEnvelope"][];
            /** @description More events (of these types) follow: pull again from `seq` */
            hasMore: boolean;
            /** @description The newest seq of your stream */
            headSeq: number;
            /** @description The oldest retained seq */
            oldestSeq: number;
            /** @description The last seq returned, or `after`: the next pull’s `after` */
            seq: number;
        };
        /** @description A pending request to follow the current (private) account */
        FollowRequest: {
            /** Format: date-time */
            createdAt: string;
            id: string;
            user: components["schemas"]["UserSummary"];
        };
        /** @description The caller’s relation to a user after a follow or unfollow */
        FollowState: {
            /** @description The caller now follows the user */
            following: boolean;
            /** @description A follow request is pending (private accounts) */
            requested: boolean;
        };
        /** @description Where an address is, as far as the local city database knows; every field null for unknown, private or loopback addresses */
        GeoLocation: {
            city: string | null;
            country: string | null;
            /** @description The address located */
            ip: string;
            latitude: number | null;
            longitude: number | null;
            region: string | null;
            timezone: string | null;
        };
        /** @description An outside account linked for sign-in or cross-posting */
        Identity: {
            handle: string;
            id: string;
            instanceName: string | null;
            /** @enum {string} */
            provider: "networkA" | "networkB" | "networkC" | "networkD" | "codehost";
            /**
             * @description `reauth_required`: the provider refused the stored token and refreshing it failed; link the account again
             * @enum {string}
             */
            status: "active" | "reauth_required";
        };
        /** @description A list with its schema */
        List: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            folderId: string | null;
            id: string;
            isPublic: boolean;
            lastSyncedAt: string | null;
            schema: components["schemas"]["ListSchema"];
            source: components["schemas"]["ListSource"] | null;
            /** @description Whether the last good sync stopped at the code host listing’s bound (100 pages of 100 items), so that items beyond it are not rows; false for a list of one’s own rows */
            syncTruncated: boolean;
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A column of a list (its property record) */
        ListColumn: {
            /** @description Pre-filled for new rows; null when none */
            defaultValue: unknown;
            displayOrder: number;
            helpText: string | null;
            /** @description The machine key used in each row’s data */
            key: string;
            label: string;
            options: string[] | null;
            placeholder: string | null;
            /** @description The id of the column’s property record; send it back in a non-destructive schema edit */
            propertyId: string;
            required: boolean;
            /** @enum {string} */
            type: "text" | "textarea" | "number" | "boolean" | "date" | "datetime" | "email" | "url" | "tel" | "select" | "multiselect" | "priority";
            unique: boolean;
            validation: components["schemas"]["ColumnValidation"] | null;
            visibility: {
                condition: components["schemas"]["Condition"];
            } | null;
            visible: boolean;
        };
        /** @description A folder of lists */
        ListFolder: {
            /** Format: date-time */
            createdAt: string;
            id: string;
            name: string;
            parentId: string | null;
        };
        /** @description A row of a list */
        ListRow: {
            /** Format: date-time */
            createdAt: string;
            /** @description Cell values keyed by column key (null when empty) */
            data: {
                [key: string]: unknown;
            };
            id: string;
            /** Format: date-time */
            updatedAt: string;
            updatedBy: {
                id: string;
                username: string;
            } | null;
        };
        /** @description The List schema object (DSL): a name and its columns */
        ListSchema: {
            description: string | null;
            fields: components["schemas"]["ListColumn"][];
            name: string;
        };
        /** @description Where a codehost-backed list’s rows come from; its rows are read-only */
        ListSource: {
            /**
             * @description repositories: the caller’s own; starred: those the caller starred; issues: one repository’s, pull requests left out
             * @enum {string}
             */
            kind: "repositories" | "issues" | "starred";
            /** @enum {string} */
            provider: "codehost";
            repository: string | null;
        };
        /** @description A saved view of a list: sort, filter and hidden columns */
        ListView: {
            /** Format: date-time */
            createdAt: string;
            filter: components["schemas"]["Condition"][];
            hiddenColumns: string[];
            id: string;
            name: string;
            sort: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description What was created; each key present only when created */
        MaterializeCreated: {
            document?: {
                id: string;
                title: string;
            };
            list?: {
                /** @description Values the new list refused, left empty */
                emptiedValues: number;
                id: string;
                /** @description Rows written */
                rowCount: number;
                /** @description Rows left out: a required value missing once refused values were emptied */
                skippedRows: number;
                title: string;
            };
        };
        /** @description The new document (target doc or both) */
        MaterializeDocConfig: {
            isPublic?: boolean;
            /**
             * @description default bulleted
             * @enum {string}
             */
            listStyle?: "numbered" | "bulleted";
            /** @description The file name (one segment); derived from the title when left out */
            relativePath?: string;
            /**
             * @description An item’s other values on its line, or as nested items (default inline)
             * @enum {string}
             */
            rowDataStyle?: "inline" | "sub-items";
            title: string;
        };
        /** @description A column of the new list and where its values come from */
        MaterializeField: {
            isRequired?: boolean;
            options?: string[];
            propertyKey: string;
            propertyName: string;
            /** @enum {string} */
            propertyType: "text" | "textarea" | "number" | "boolean" | "date" | "datetime" | "email" | "url" | "tel" | "select" | "multiselect" | "priority";
            sourceKey: string | null;
        };
        /** @description The new list (target list or both) */
        MaterializeListConfig: {
            description?: string | null;
            fields: components["schemas"]["MaterializeField"][];
            /** @description false: the columns only (default true) */
            includeData?: boolean;
            isPublic?: boolean;
            title: string;
        };
        /** @description The draft (target message); publiclyVisible, tags and scheduledAt are passed through */
        MaterializeMessageConfig: {
            /** @description Split a body over the limit into a thread (default false: 400) */
            allowThread?: boolean;
            /** @description The edited body; derived from the source when left out */
            content?: string;
            /** @description Channel labels sizing the draft: networkA, networkB, networkC, networkD */
            crossPostTargets?: string[];
            /** @description End each thread part with "i/n", within the limit (default false) */
            numbered?: boolean;
            publiclyVisible?: boolean;
            scheduledAt?: string;
            tags?: string[];
        };
        /** @description A draft for POST /api/messages (nothing written) */
        MaterializeMessageDraft: {
            message: {
                /** @description The smaller of maxMessageLength and the tightest limit among crossPostTargets */
                charLimit: number;
                content: string;
                crossPostTargets: string[];
                isThread: boolean;
                publiclyVisible?: boolean;
                scheduledAt?: string;
                tags?: string[];
                /** @description The posts to make in reply order (the content alone when it fits) */
                thread: string[];
            };
        };
        /** @description By `kind`: `messages` (messageIds), `lists` (listIds), `rows` (listId, rowIds), `document` (documentId), `docElements` (documentId, markdown). Every id must be the caller’s (else 404); other keys are ignored. */
        MaterializeSource: {
            documentId?: string;
            /**
             * @description What the ids name
             * @enum {string}
             */
            kind: "messages" | "lists" | "rows" | "document" | "docElements";
            listId?: string;
            /** @description kind `lists`: the caller’s own lists */
            listIds?: string[];
            /** @description kind `docElements`: the selected part, found in the document’s own content */
            markdown?: string;
            /** @description kind `messages`: the caller’s own messages */
            messageIds?: string[];
            /** @description kind `rows`: live rows of `listId` */
            rowIds?: string[];
        };
        /** @description A message. The author is under `user`. */
        Message: {
            content: string;
            /** Format: date-time */
            createdAt: string;
            digCount: number;
            /** @description The caller has dug this message (false when anonymous) */
            dugByMe: boolean;
            id: string;
            /** @description Descriptions (alt text) of the images, item i for imageUrls item i, as many as imageUrls; "" where none. Present only when at least one is given. */
            imageAlts?: string[];
            imageUrls: string[];
            org: components["schemas"]["MessageOrg"] | null;
            parentId: string | null;
            publiclyVisible: boolean;
            pushedMessage: components["schemas"]["PushedMessage"] | null;
            replyCount: number;
            scheduledAt: string | null;
            /** @description Case-sensitive labels */
            tags: string[];
            /** Format: date-time */
            updatedAt: string;
            user: components["schemas"]["UserSummary"];
            /** @description Descriptions of the videos, item i for videoUrls item i, as many as videoUrls; "" where none. Present only when at least one is given. */
            videoAlts?: string[];
            videoUrls: string[];
        };
        /** @description The organization a message was posted to */
        MessageOrg: {
            id: string;
            name: string;
            slug: string;
        };
        /** @description A report of a message, as administrators see it */
        MessageReport: {
            /** Format: date-time */
            createdAt: string;
            detail: string | null;
            id: string;
            message: {
                content: string;
                /** Format: date-time */
                createdAt: string;
                id: string;
                publiclyVisible: boolean;
                user: components["schemas"]["UserSummary"];
            };
            note: string | null;
            /** @enum {string} */
            reason: "spam" | "harassment" | "hate" | "violence" | "sexual" | "misinformation" | "illegal" | "other";
            reporter: components["schemas"]["UserSummary"];
            resolvedAt: string | null;
            /** @enum {string} */
            status: "open" | "resolved";
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A confirmation in words */
        MessageResult: {
            message: string;
        };
        /** @description Whether the caller now mutes the user */
        MuteState: {
            muting: boolean;
        };
        /** @description An author a networkC post can be made as: the person, or an organization page they administer */
        NetworkCTarget: {
            id: string;
            /** @enum {string} */
            kind: "person" | "organization";
            name: string;
        };
        /** @description A share link just made, with its URL */
        NewShareLink: {
            /** @enum {string} */
            access: "view" | "edit";
            /** Format: date-time */
            createdAt: string;
            expiresAt: string | null;
            id: string;
            /** @description `<PUBLIC_URL>/s/<token>`: the token is shown in this answer only (only its hash is kept) */
            url: string;
        };
        /** @description A notification of the current user */
        Notification: {
            actionUrl: string | null;
            /** @description Full text */
            body: string;
            /** Format: date-time */
            createdAt: string;
            id: string;
            /** @description Server-attached structured data: the actor and the ids involved */
            metadata: {
                actor?: components["schemas"]["UserSummary"];
                /** @description list_changed: how many row changes this unread notification counts */
                changes?: number;
                listId?: string;
                messageId?: string;
                parentId?: string;
                pushedMessageId?: string;
                /** @description follow: a follow request rather than a new follower */
                requested?: boolean;
            } & {
                [key: string]: unknown;
            };
            readAt: string | null;
            routePath: string | null;
            target: components["schemas"]["NotificationTarget"];
            /** @description Short heading */
            title: string;
            type: ("dig" | "push" | "follow" | "mention" | "reply" | "cross_post_failed" | "org_invite" | "shared_with_you" | "list_changed" | "webhook_disabled") | null;
        };
        /** @description One notification event and its channels (every channel defaults to enabled) */
        NotificationPreferenceEvent: {
            /** @description Only the channel keys the event supports, each boolean */
            channels: {
                email?: boolean;
                inApp?: boolean;
                push?: boolean;
            };
            description: string;
            /** @enum {string} */
            key: "dig" | "push" | "follow" | "mention" | "reply";
            label: string;
        };
        /** @description What the notification is about; every field null when not applicable; always present */
        NotificationTarget: {
            listId: string | null;
            messageId: string | null;
            orgId: string | null;
        };
        /** @description Done */
        OkResult: {
            /** @enum {boolean} */
            ok: true;
        };
        /** @description An organization */
        Organization: {
            avatar: string | null;
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            id: string;
            /** @description The system organization (`public`): read-only here */
            isSystem: boolean;
            memberCount: number;
            name: string;
            role: ("owner" | "admin" | "member") | null;
            slug: string;
        };
        /** @description A pending invite to an organization (its token is only in the e-mail) */
        OrganizationInvite: {
            /** Format: date-time */
            createdAt: string;
            email: string | null;
            /** Format: date-time */
            expiresAt: string;
            id: string;
            /** @enum {string} */
            role: "admin" | "member";
            username: string | null;
        };
        /** @description A member of an organization and their role */
        OrganizationMember: {
            /** Format: date-time */
            joinedAt: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            user: components["schemas"]["UserSummary"];
        };
        /** @description Where a page sits in the whole result */
        Pagination: {
            hasMore: boolean;
            limit: number;
            offset: number;
            /** @description The 1-based page number (numbered listings only) */
            page?: number;
            total: number;
        };
        /** @description A public list as anyone may see it */
        PublicList: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            id: string;
            isPublic: boolean;
            owner: {
                displayName: string;
                username: string;
            };
            /** @description The List schema object, JSON-encoded */
            schema: string;
            title: string;
        };
        /** @description A user’s public profile as the viewer may see it */
        PublicProfile: {
            avatar: string | null;
            bio: string | null;
            /** Format: date-time */
            createdAt: string;
            displayName: string;
            followersCount: number;
            followingCount: number;
            /** @description The viewer has a pending follow request to this user */
            followRequested: boolean;
            id: string;
            /** @description The viewer follows this user (false when anonymous) */
            isFollowing: boolean;
            isPrivate: boolean;
            username: string;
        };
        /** @description How many items of each kind a purge removes (a dry run: would remove) */
        PurgeCounts: {
            /** @description Direct messages sent */
            directMessages: number;
            /** @description Documents */
            documents: number;
            /** @description Document folders */
            folders: number;
            /** @description List folders */
            listFolders: number;
            /** @description Lists */
            lists: number;
            /** @description Messages (posts, replies, pushes) */
            messages: number;
        };
        /** @description What the purge removed, or would remove */
        PurgeResult: {
            counts: components["schemas"]["PurgeCounts"];
            dryRun: boolean;
        };
        PushDevice: {
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            environment: "sandbox" | "production";
            /** @enum {string} */
            platform: "ios" | "android";
            token: string;
            /**
             * Format: date-time
             * @description When it was last registered
             */
            updatedAt: string;
        };
        /** @description A message as shown inside a push of it */
        PushedMessage: {
            content: string;
            /** Format: date-time */
            createdAt: string;
            digCount: number;
            /** @description The caller has dug this message (false when anonymous) */
            dugByMe: boolean;
            id: string;
            /** @description Descriptions (alt text) of the images, item i for imageUrls item i, as many as imageUrls; "" where none. Present only when at least one is given. */
            imageAlts?: string[];
            imageUrls: string[];
            org: components["schemas"]["MessageOrg"] | null;
            parentId: string | null;
            publiclyVisible: boolean;
            pushedMessageId: string | null;
            replyCount: number;
            scheduledAt: string | null;
            /** @description Case-sensitive labels */
            tags: string[];
            /** Format: date-time */
            updatedAt: string;
            user: components["schemas"]["UserSummary"];
            /** @description Descriptions of the videos, item i for videoUrls item i, as many as videoUrls; "" where none. Present only when at least one is given. */
            videoAlts?: string[];
            videoUrls: string[];
        };
        /** @description Who made a revision (null once the account is gone) */
        RevisionEditor: {
            id: string | null;
            username: string | null;
        };
        /** @description One match of the search across messages, documents and lists */
        SearchResult: {
            /** @description The matched words within `snippet`: [start, end) offsets in UTF-16 code units (as JavaScript’s `slice` takes them) */
            highlights: number[][];
            id: string;
            /** @enum {string} */
            kind: "message" | "document" | "row";
            listId: string | null;
            /** @description The web client’s path of the item (a row: its list) */
            routePath: string;
            /** @description Plain text around the best match, at most 240 characters */
            snippet: string;
            /** @description The document’s or the row’s list’s title; a message’s first 80 characters */
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SessionInfo: {
            /** Format: date-time */
            createdAt: string;
            /** @description The session of this request */
            current: boolean;
            /** Format: date-time */
            expiresAt: string;
            id: string;
            /** Format: date-time */
            lastUsedAt: string;
            userAgent: string | null;
        };
        /** @description A document as a share link shows it */
        SharedDocument: {
            /** @description Markdown */
            content: string;
            id: string;
            revision: number;
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description What a share link opens */
        SharedItem: {
            /**
             * @description `edit`: a signed-in account with a verified e-mail may change the item through the link
             * @enum {string}
             */
            access: "view" | "edit";
            document?: components["schemas"]["SharedDocument"];
            /** @enum {string} */
            kind: "list" | "document";
            /** @description The list, with its schema (kind `list`) */
            list?: {
                description: string | null;
                id: string;
                schema: components["schemas"]["ListSchema"];
                title: string;
            };
            owner: {
                displayName: string;
                username: string;
            };
        };
        /** @description Another user's document shared with the caller, changed or shared since the cursor; a tombstone when deletedAt is set */
        SharedSyncDocument: {
            /** @description Empty in a tombstone */
            content: string;
            deletedAt: string | null;
            id: string;
            owner: {
                username: string;
            };
            revision: number;
            /** @enum {string} */
            role: "viewer" | "editor";
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description Lists and documents other people share with the caller, directly or through an organization */
        SharedWithMe: {
            documents: {
                id: string;
                owner: {
                    displayName: string;
                    username: string;
                };
                /**
                 * @description The strongest role any grant gives the caller
                 * @enum {string}
                 */
                role: "viewer" | "editor" | "owner";
                title: string;
                /** Format: date-time */
                updatedAt: string;
            }[];
            lists: {
                id: string;
                owner: {
                    displayName: string;
                    username: string;
                };
                /**
                 * @description The strongest role any grant gives the caller
                 * @enum {string}
                 */
                role: "viewer" | "editor" | "owner";
                title: string;
            }[];
        };
        /** @description A share link of a list or document (its token is shown only when it is made) */
        ShareLink: {
            /** @enum {string} */
            access: "view" | "edit";
            /** Format: date-time */
            createdAt: string;
            expiresAt: string | null;
            id: string;
            lastUsedAt: string | null;
        };
        /** @description A document changed since the cursor; a tombstone when deletedAt is set */
        SyncDocument: {
            content: string;
            deletedAt: string | null;
            folderId: string | null;
            id: string;
            isPublic: boolean;
            relativePath: string;
            /** @description 1 on create, +1 on every change */
            revision: number;
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A folder changed since the cursor; a tombstone when deletedAt is set */
        SyncFolder: {
            deletedAt: string | null;
            id: string;
            name: string;
            parentId: string | null;
            path: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A sync token (its secret was shown once, when it was issued) */
        SyncTokenInfo: {
            /** Format: date-time */
            createdAt: string;
            id: string;
            lastUsedAt: string | null;
        };
        /** @description A deleted document, restorable for 30 days */
        TrashedDocument: {
            content: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            deletedAt: string;
            folderId: string | null;
            id: string;
            isPublic: boolean;
            /** @description The file name inside the folder */
            relativePath: string;
            /** @description 1 on create, +1 on every change */
            revision: number;
            title: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A deleted folder, restorable for 30 days */
        TrashedFolder: {
            /** Format: date-time */
            deletedAt: string;
            id: string;
            name: string;
            parentId: string | null;
        };
        /** @description A deleted row, restorable for 30 days */
        TrashedListRow: {
            /** Format: date-time */
            createdAt: string;
            /** @description Cell values keyed by column key (null when empty) */
            data: {
                [key: string]: unknown;
            };
            deletedAt: string | null;
            id: string;
            /** Format: date-time */
            updatedAt: string;
            updatedBy: {
                id: string;
                username: string;
            } | null;
        };
        /** @description An uploaded image, resized and stripped of its metadata */
        UploadedImage: {
            height: number;
            /** @description Bytes stored (at most 1.4 MB) */
            size: number;
            /**
             * @description The stored content type: image/jpeg, image/png, image/webp or image/gif
             * @example image/jpeg
             */
            type: string;
            /**
             * Format: uri
             * @description Absolute: `<PUBLIC_URL>/api/media/<id>.<ext>`; send it in `imageUrls`
             */
            url: string;
            /** @description Pixels, after resizing (at most 1200 on the longest side) */
            width: number;
        };
        /** @description An uploaded video, stored as sent */
        UploadedVideo: {
            /** @description Bytes stored (at most 3 MB) */
            size: number;
            /**
             * @description video/mp4, video/webm, video/quicktime or video/x-msvideo
             * @example video/mp4
             */
            type: string;
            /**
             * Format: uri
             * @description Absolute: `<PUBLIC_URL>/api/media/<id>.<ext>`; send it in `videoUrls`
             */
            url: string;
        };
        /** @description An account, as returned by login and register */
        User: {
            avatar: string | null;
            bio: string | null;
            /** Format: date-time */
            createdAt: string;
            displayName: string;
            /** Format: email */
            email: string;
            emailVerified: boolean;
            id: string;
            theme: string | null;
            username: string;
        };
        /** @description A user as shown next to their content */
        UserSummary: {
            avatar: string | null;
            displayName: string;
            id: string;
            username: string;
        };
        /** @description Watching now or not */
        WatchState: {
            /** @description Whether the caller watches the list now */
            watching: boolean;
        };
        /** @description The current weather at a place */
        Weather: {
            apparentTemperature: number;
            /** @description The weather code in words, e.g. Partly cloudy */
            description: string;
            isDay: boolean;
            /** @description The latitude asked for, rounded to 2 decimals */
            latitude: number;
            /** @description The longitude asked for, rounded to 2 decimals */
            longitude: number;
            temperature: number;
            /**
             * Format: date-time
             * @description When the values were observed (UTC)
             */
            time: string;
            units: {
                /** @enum {string} */
                temperature: "°C";
                /** @enum {string} */
                windSpeed: "km/h";
            };
            /** @description WMO weather interpretation code */
            weatherCode: number;
            windSpeed: number;
        };
        /** @description A webhook (never its secret) */
        Webhook: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            disabledReason: string | null;
            events: string[];
            failingSince: string | null;
            id: string;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** Format: date-time */
            updatedAt: string;
            url: string;
        };
        /** @description One event sent to one webhook */
        WebhookDelivery: {
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            /** @description The event id: the `webhook-id` header of every attempt */
            eventId: string;
            id: string;
            lastError: string | null;
            lastStatusCode: number | null;
            nextAttemptAt: string | null;
            redelivery: boolean;
            /** @enum {string} */
            status: "pending" | "retrying" | "succeeded" | "failed";
            type: string;
        };
    };
    responses: never;
    parameters: {
        /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id (a sane caller-supplied `x-request-id` is kept); every log line of the request carries it */
        RequestId: string;
        /** @description Seconds to wait before retrying */
        RetryAfter: number;
        /** @description The `service-session` cookie (HttpOnly, SameSite=Lax; Secure behind https), holding the sessions of up to five accounts */
        SetCookie: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listEmailLogs: {
        parameters: {
            query?: {
                dateRange?: "today" | "7d" | "30d" | "all";
                emailType?: string;
                /** @description Page size, default 25; values outside 1..100 are brought into that range */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                /** @description case-insensitive contains on recipient */
                search?: string;
                /** @description on createdAt */
                sort?: "asc" | "desc";
                status?: "sent" | "failed" | "logged";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the e-mail log */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        logs: components["schemas"]["EmailLogEntry"][];
                        pagination: components["schemas"]["Pagination"];
                        summary: {
                            failed: number;
                            logged: number;
                            sent: number;
                        };
                        total: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMessageReports: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                status?: "open" | "resolved";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reports */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        reports: components["schemas"]["MessageReport"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resolveMessageReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "resolved",
                 *       "note": "Removed the spam account"
                 *     }
                 */
                "application/json": {
                    note?: string;
                    /** @enum {string} */
                    status: "resolved";
                };
            };
        };
        responses: {
            /** @description The resolved report */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        report: components["schemas"]["MessageReport"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAdminUsers: {
        parameters: {
            query?: {
                /** @description Page size, default 25; values outside 1..100 are brought into that range */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                /** @description The 1-based page number; when given, offset is ignored */
                page?: number;
                /** @description matches email, username or displayName */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        users: components["schemas"]["AdminUser"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAdminUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.org",
                 *       "username": "grace",
                 *       "password": "a long passphrase",
                 *       "displayName": "Grace Hopper",
                 *       "emailVerified": true
                 *     }
                 */
                "application/json": {
                    avatar?: string | null;
                    bio?: string | null;
                    /** @enum {string} */
                    customerStatus?: "free" | "subscriber" | "subscriber:monthly" | "subscriber:annual";
                    displayName?: string;
                    /**
                     * Format: email
                     * @description E-mail address
                     */
                    email: string;
                    emailVerified?: boolean;
                    isAdministrator?: boolean;
                    password: string;
                    /** @description 3 to 30 letters, digits or underscores */
                    username: string;
                };
            };
        };
        responses: {
            /** @description The created user */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["AdminUser"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAdminUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    accountStatus?: "probation" | "active" | "restricted" | "suspended" | "banned";
                    avatar?: string | null;
                    bio?: string | null;
                    cleared?: boolean;
                    /** @enum {string} */
                    customerStatus?: "free" | "subscriber" | "subscriber:monthly" | "subscriber:annual";
                    displayName?: string;
                    /**
                     * Format: email
                     * @description E-mail address
                     */
                    email?: string;
                    emailVerified?: boolean;
                    isAdministrator?: boolean;
                    /** @description 3 to 30 letters, digits or underscores */
                    username?: string;
                };
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["AdminUser"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user was deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setAdminUserPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "a new long passphrase"
                 *     }
                 */
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description The password was set and every session ended */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    purgeUserContent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "categories": {
                 *         "directMessages": false
                 *       },
                 *       "reason": "Spam account",
                 *       "dryRun": true
                 *     }
                 */
                "application/json": {
                    /** @description What to remove; an omitted object removes every category */
                    categories?: {
                        /** @description Direct messages the user sent, with their image blobs; omitted means true, false opts out */
                        directMessages?: boolean;
                        /** @description Documents and folders, with revisions, trash and images; sync clients learn of the removal; omitted means true, false opts out */
                        documents?: boolean;
                        /** @description Lists and list folders, with columns, rows, views and imports; omitted means true, false opts out */
                        lists?: boolean;
                        /** @description Posts and replies, with their digs, reports, cross-post records, tags, media blobs and the notifications pointing at them; omitted means true, false opts out */
                        messages?: boolean;
                    };
                    /**
                     * @description Answer the counts and write nothing
                     * @default false
                     */
                    dryRun?: boolean;
                    /** @description Free text recorded in the audit row */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description What was removed (or, in a dry run, would be) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurgeResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkSetAccountStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userIds": [
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2X",
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2Y"
                 *       ],
                 *       "accountStatus": "active"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    accountStatus: "probation" | "active" | "restricted" | "suspended" | "banned";
                    userIds: string[];
                };
            };
        };
        responses: {
            /** @description How many users changed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        updated: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkToggleClearance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userIds": [
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2X",
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2Y"
                 *       ]
                 *     }
                 */
                "application/json": {
                    userIds: string[];
                };
            };
        };
        responses: {
            /** @description How many users changed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        updated: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkDeleteUsers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userIds": [
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2X",
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2Y"
                 *       ]
                 *     }
                 */
                "application/json": {
                    userIds: string[];
                };
            };
        };
        responses: {
            /** @description How many users were deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkSetEmailVerified: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userIds": [
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2X",
                 *         "01J9ZK3M4N5P6Q7R8S9T0V1W2Y"
                 *       ],
                 *       "emailVerified": true
                 *     }
                 */
                "application/json": {
                    emailVerified: boolean;
                    userIds: string[];
                };
            };
        };
        responses: {
            /** @description How many users changed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        updated: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    aiGenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "feature": "powered_document",
                 *       "artifact": {
                 *         "kind": "document",
                 *         "title": "Composting at home",
                 *         "markdown": "# Composting at home\n\nStart with...",
                 *         "outline": [
                 *           "Why",
                 *           "How"
                 *         ],
                 *         "isPublic": false
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description An artifact; `kind` selects the shape */
                    artifact: components["schemas"]["AiListArtifact"] | components["schemas"]["AiDocumentArtifact"] | components["schemas"]["AiMessageSeriesArtifact"] | components["schemas"]["AiDocSeriesArtifact"] | components["schemas"]["AiMessageArtifact"] | components["schemas"]["AiThreadArtifact"] | components["schemas"]["AiTagsArtifact"];
                    /** @description message_series: channels of every post; selections of accounts the caller has not linked are dropped */
                    crossPost?: {
                        crossPostToNetworkB?: boolean;
                        crossPostToNetworkC?: boolean;
                        crossPostToNetworkD?: boolean;
                        networkCLinkAsFirstComment?: boolean;
                        selectedNetworkAIds?: string[];
                        selectedNetworkCTargets?: string[];
                    };
                    /**
                     * @description The AI feature
                     * @enum {string}
                     */
                    feature: "powered_template" | "powered_document" | "message_series" | "article_series" | "writing_assist";
                    /** @description Recorded in the audit ledger only */
                    model?: string;
                    /** @description Recorded in the audit ledger only */
                    provider?: string;
                    /** @description message_series: scheduled messages instead of a list */
                    scheduleImmediately?: boolean;
                };
            };
        };
        responses: {
            /** @description What was created, and the quota */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiGenerateResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected server error */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    aiStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What is available, and the rolling 24-hour quota */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiStatus"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    aiSuggest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "feature": "powered_template",
                 *       "input": "A reading list with title, author, status and rating",
                 *       "context": {
                 *         "templateKey": "reading"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Feature-specific hints; unknown fields are ignored */
                    context?: {
                        /**
                         * @description writing_assist (default `rewrite`)
                         * @enum {string}
                         */
                        action?: "rewrite" | "tighten" | "expand" | "grammar" | "thread" | "tags";
                        /** @description message_series: channel labels whose tightest limit sizes the posts */
                        channels?: string[];
                        /** @description Series size, clamped (message_series 3 to 12, default 5; article_series 2 to 6, default 4) */
                        count?: number;
                        documentId?: string;
                        listId?: string;
                        /**
                         * @description powered_document (default `article`)
                         * @enum {string}
                         */
                        mode?: "article" | "from_list" | "from_article" | "research_url";
                        /** @description Accepted and ignored */
                        spacingMinutes?: number;
                        /** @description writing_assist: a channel label whose length limit applies */
                        targetPlatform?: string;
                        /** @description powered_template: a template to start from */
                        templateKey?: string;
                        /** @description research_url: an http or https page, fetched by the server and cited */
                        url?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /**
                     * @description The AI feature
                     * @enum {string}
                     */
                    feature: "powered_template" | "powered_document" | "message_series" | "article_series" | "writing_assist";
                    /** @description The request in words; capped in words per feature */
                    input: string;
                    /** @description Clamped down to the feature’s ceiling, never up */
                    maxOutputTokens?: number;
                    /** @description A model id of the configured provider */
                    model?: string;
                    /** @description Accepted and ignored: the server has one provider */
                    provider?: string;
                };
            };
        };
        responses: {
            /** @description The artifact, the tokens used and the quota */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiSuggestResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected server error */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An upstream service failed or did not answer in time */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ingestAnalyticsEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "page_view",
                 *       "path": "/lists",
                 *       "referrer": "https://example.org/"
                 *     }
                 */
                "application/json": {
                    path: string;
                    referrer?: string | null;
                    type: string;
                };
            };
        };
        responses: {
            /** @description The event was recorded */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getArchitectureTableRows: {
        parameters: {
            query?: {
                /** @description Page size, default 25; values outside 1..100 are brought into that range */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                table: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rows */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        rows: {
                            [key: string]: unknown;
                        }[];
                        table: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getArchitectureSchema: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every table with its columns */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tables: {
                            columns: {
                                name: string;
                                nullable: boolean;
                                type: string;
                            }[];
                            name: string;
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSignedInAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in accounts */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: components["schemas"]["UserSummary"][];
                        currentUserId: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startCodehostSignIn: {
        parameters: {
            query?: {
                /** @description networkB: the handle or DID to sign in as */
                handle?: string;
                /** @description networkA: the instance, as a host name (social.example) or an origin URL */
                instance?: string;
                /** @description Where the callback sends the browser: a path on this service, or a URL of the web client (WEB_URL, PUBLIC_ORIGIN_REDIRECTS) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider address to open (when JSON is asked for) */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        authorizationUrl: string;
                    };
                };
            };
            /** @description Redirect (Location header) to the provider */
            302: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.org"
                 *     }
                 */
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description The same answer whether or not the account exists */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.org",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: {
                /** @description true ends every session of the current user, on all devices */
                all?: boolean;
            };
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description Optional: send no body, or { "all": true } to end every session of the current user */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "all": true
                 *     }
                 */
                "application/json": {
                    all?: boolean;
                } | null;
            };
        };
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startNetworkASignIn: {
        parameters: {
            query?: {
                /** @description networkB: the handle or DID to sign in as */
                handle?: string;
                /** @description networkA: the instance, as a host name (social.example) or an origin URL */
                instance?: string;
                /** @description Where the callback sends the browser: a path on this service, or a URL of the web client (WEB_URL, PUBLIC_ORIGIN_REDIRECTS) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider address to open (when JSON is asked for) */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        authorizationUrl: string;
                    };
                };
            };
            /** @description Redirect (Location header) to the provider */
            302: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startNetworkBSignIn: {
        parameters: {
            query?: {
                /** @description networkB: the handle or DID to sign in as */
                handle?: string;
                /** @description networkA: the instance, as a host name (social.example) or an origin URL */
                instance?: string;
                /** @description Where the callback sends the browser: a path on this service, or a URL of the web client (WEB_URL, PUBLIC_ORIGIN_REDIRECTS) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider address to open (when JSON is asked for) */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        authorizationUrl: string;
                    };
                };
            };
            /** @description Redirect (Location header) to the provider */
            302: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startNetworkCSignIn: {
        parameters: {
            query?: {
                /** @description networkB: the handle or DID to sign in as */
                handle?: string;
                /** @description networkA: the instance, as a host name (social.example) or an origin URL */
                instance?: string;
                /** @description Where the callback sends the browser: a path on this service, or a URL of the web client (WEB_URL, PUBLIC_ORIGIN_REDIRECTS) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider address to open (when JSON is asked for) */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        authorizationUrl: string;
                    };
                };
            };
            /** @description Redirect (Location header) to the provider */
            302: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startNetworkCOrgConnection: {
        parameters: {
            query?: {
                /** @description networkB: the handle or DID to sign in as */
                handle?: string;
                /** @description networkA: the instance, as a host name (social.example) or an origin URL */
                instance?: string;
                /** @description Where the callback sends the browser: a path on this service, or a URL of the web client (WEB_URL, PUBLIC_ORIGIN_REDIRECTS) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider address to open (when JSON is asked for) */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        authorizationUrl: string;
                    };
                };
            };
            /** @description Redirect (Location header) to the provider */
            302: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNetworkCStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider configuration */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        redirectUri: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startNetworkDSignIn: {
        parameters: {
            query?: {
                /** @description networkB: the handle or DID to sign in as */
                handle?: string;
                /** @description networkA: the instance, as a host name (social.example) or an origin URL */
                instance?: string;
                /** @description Where the callback sends the browser: a path on this service, or a URL of the web client (WEB_URL, PUBLIC_ORIGIN_REDIRECTS) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider address to open (when JSON is asked for) */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        authorizationUrl: string;
                    };
                };
            };
            /** @description Redirect (Location header) to the provider */
            302: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNetworkDStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider configuration */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        redirectUri: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.org",
                 *       "username": "ada",
                 *       "password": "correct horse battery",
                 *       "displayName": "Ada Lovelace"
                 *     }
                 */
                "application/json": {
                    displayName: string;
                    /**
                     * Format: email
                     * @description E-mail address
                     */
                    email: string;
                    password: string;
                    /** @description 3 to 30 letters, digits or underscores */
                    username: string;
                };
            };
        };
        responses: {
            /** @description The account was created and signed in */
            201: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeSignedInAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userId": "01J9ZK3M4N5P6Q7R8S9T0V1W2X"
                 *     }
                 */
                "application/json": {
                    userId: string;
                };
            };
        };
        responses: {
            /** @description The account was signed out of this browser */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a",
                 *       "password": "a new long passphrase"
                 *     }
                 */
                "application/json": {
                    password: string;
                    /** @description The token from the e-mail link */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The password was changed; every session and sync token of the account ended */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendVerificationEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new verification e-mail was sent */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: components["schemas"]["SessionInfo"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    endSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session ended */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    switchAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userId": "01J9ZK3M4N5P6Q7R8S9T0V1W2X"
                 *     }
                 */
                "application/json": {
                    userId: string;
                };
            };
        };
        responses: {
            /** @description The account is now the current one */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSyncToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.org",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description A new sync token */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @description Send as "Authorization: Bearer <token>" */
                        token: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSyncTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync tokens */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        syncTokens: components["schemas"]["SyncTokenInfo"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeSyncToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync token was revoked */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a"
                 *     }
                 */
                "application/json": {
                    /** @description The token from the e-mail link */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The e-mail address is verified */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyEmailChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a"
                 *     }
                 */
                "application/json": {
                    /** @description The token from the e-mail link */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The new e-mail address is in effect */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBilling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The billing state */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: components["schemas"]["Billing"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "plan": "monthly",
                 *       "returnTo": "/settings/billing"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    plan: "monthly" | "annual";
                    /** @description Where the provider sends the browser back to: a path on this service, or an absolute URL on the web client (WEB_URL) or an origin of PUBLIC_ORIGIN_REDIRECTS (default `/`) */
                    returnTo?: string;
                };
            };
        };
        responses: {
            /** @description The checkout page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingSessionUrl"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An upstream service failed or did not answer in time */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPortalSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description Optional: send no body, or { "returnTo": ... } */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "returnTo": "/settings/billing"
                 *     }
                 */
                "application/json": {
                    /** @description Where the provider sends the browser back to: a path on this service, or an absolute URL on the web client (WEB_URL) or an origin of PUBLIC_ORIGIN_REDIRECTS (default `/`) */
                    returnTo?: string;
                } | null;
            };
        };
        responses: {
            /** @description The customer portal */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingSessionUrl"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An upstream service failed or did not answer in time */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveBillingWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_1",
                 *       "object": "event",
                 *       "type": "customer.subscription.updated",
                 *       "data": {
                 *         "object": {
                 *           "id": "sub_1",
                 *           "object": "subscription"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        object: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description The event id: each takes effect once */
                    id: string;
                    /** @description e.g. `customer.subscription.updated`, `invoice.payment_failed`; others are ignored */
                    type: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Accepted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        received: boolean;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An upstream service failed or did not answer in time */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmBlogSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a"
                 *     }
                 */
                "application/json": {
                    /** @description The token from the confirmation e-mail */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The subscription is confirmed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeFromBlog: {
        parameters: {
            query: {
                /** @description The token of the unsubscribe link */
                token: string;
            };
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishScheduledMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many messages this run published */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        published: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    purgeExpired: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What this run removed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description data archives whose 24-hour download window ended, deleted */
                        archives: number;
                        /** @description payment provider event ids forgotten after 30 days */
                        billingEvents: number;
                        /** @description image blobs of those documents deleted */
                        documentImages: number;
                        /** @description documents removed from the trash for good */
                        documents: number;
                        /** @description events removed from the log: older than 7 days, or beyond the newest 10,000 of their stream */
                        events: number;
                        /** @description folders removed from the trash for good */
                        folders: number;
                        /** @description finished background jobs removed (done after a day, failed after 30 days) */
                        jobs: number;
                        /** @description list rows removed from the trash for good */
                        listRows: number;
                        message: string;
                        /** @description e-mail addresses and usernames of deleted accounts freed after their cooling-off period */
                        nameHolds: number;
                        /** @description document presence heartbeats older than the 60-second window removed */
                        presence: number;
                        /** @description tag uses counted, taken off or moved out of the 24-hour trending window */
                        tagUses: number;
                        /** @description uploads never attached within 24 hours, deleted */
                        unattachedUploads: number;
                        /** @description webhook deliveries older than 30 days removed, with their attempts */
                        webhookDeliveries: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runDueJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of the jobs this run took */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description due jobs this run took */
                        claimed: number;
                        /** @description jobs that finished */
                        done: number;
                        /** @description jobs given up (attempts used up, or a permanent failure) */
                        failed: number;
                        message: string;
                        /** @description jobs rescheduled for a later attempt (backoff) */
                        retried: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    syncCodehostLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What this run synced */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description lists whose sync failed (the provider down or out of rate limit, the token refused, the account unlinked): their last good rows are kept */
                        failed: number;
                        /** @description codehost-backed lists synced */
                        lists: number;
                        /** @description lists whose rows were replaced by a changed listing (an unchanged one answers 304 and keeps its rows) */
                        updated: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConversations: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Conversations */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversations: components["schemas"]["Conversation"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendDirectMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "recipient": "alice",
                 *       "content": "Hello!"
                 *     }
                 */
                "application/json": {
                    content: string;
                    /** @description Up to 4 of your own uploads (image upload endpoint) */
                    imageUrls?: string[];
                    /** @description The recipient’s username */
                    recipient: string;
                };
            };
        };
        responses: {
            /** @description Sent */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        directMessage: components["schemas"]["DirectMessage"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readConversation: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The other user’s username */
                target: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the conversation */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["DirectMessage"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDirectMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The direct message’s id */
                target: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRootDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["Document"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Meeting notes",
                 *       "content": "# Meeting notes\n",
                 *       "relativePath": "meeting-notes.md",
                 *       "isPublic": false
                 *     }
                 */
                "application/json": {
                    /** @description Markdown */
                    content?: string;
                    folderId?: string | null;
                    isPublic?: boolean;
                    /** @description The document’s file name inside its folder, such as `notes.md` (derived from the title when omitted) */
                    relativePath?: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description The document was created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "# Meeting notes\n\nDecisions...",
                 *       "baseRevision": 3
                 *     }
                 */
                "application/json": {
                    /** @description The revision the change was based on; a stale one is refused with 409 `revision_conflict` */
                    baseRevision?: number;
                    /** @description Markdown */
                    content?: string;
                    folderId?: string | null;
                    isPublic?: boolean;
                    /** @description The document’s file name inside its folder, such as `notes.md` (derived from the title when omitted) */
                    relativePath?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The document after the change */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document was moved to the trash */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "# Meeting notes\n\nDecisions...",
                 *       "baseRevision": 3
                 *     }
                 */
                "application/json": {
                    /** @description The revision the change was based on; a stale one is refused with 409 `revision_conflict` */
                    baseRevision?: number;
                    /** @description Markdown */
                    content?: string;
                    folderId?: string | null;
                    isPublic?: boolean;
                    /** @description The document’s file name inside its folder, such as `notes.md` (derived from the title when omitted) */
                    relativePath?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The document after the change */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentCollaborators: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grants, oldest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collaborators: components["schemas"]["Collaborator"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addDocumentCollaborator: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Exactly one of username, email or orgSlug */
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email?: string;
                    orgSlug?: string;
                    /**
                     * @description `viewer` reads the item; `editor` also changes rows or a document’s title and content
                     * @enum {string}
                     */
                    role: "viewer" | "editor";
                    /** @description A username (case-insensitive) */
                    username?: string;
                };
            };
        };
        responses: {
            /** @description Shared */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collaborator: components["schemas"]["Collaborator"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeDocumentCollaborator: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                collaboratorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeDocumentCollaboratorRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                collaboratorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "viewer"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description `viewer` reads the item; `editor` also changes rows or a document’s title and content
                     * @enum {string}
                     */
                    role: "viewer" | "editor";
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collaborator: components["schemas"]["Collaborator"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadDocumentImage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image: JPEG, PNG, WebP or GIF, at most 20 MB
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The image was stored */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description Absolute URL of the image, to embed in the document
                         */
                        url: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The uploaded content is not of an accepted type */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentPresence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everyone seen in the last 60 seconds */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentPresence"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    documentHeartbeat: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Optional: send no body for a reader, or { "editing": true } while editing */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "editing": true
                 *     }
                 */
                "application/json": {
                    /** @description Whether the caller is editing (default false) */
                    editing?: boolean;
                } | null;
            };
        };
        responses: {
            /** @description Everyone seen in the last 60 seconds, you included */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentPresence"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored document */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentRevisions: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The history, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        revisions: components["schemas"]["DocumentRevisionSummary"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                n: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revision: components["schemas"]["DocumentRevision"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreDocumentRevision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                n: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document after the restore */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentShareLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item’s links, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shareLinks: components["schemas"]["ShareLink"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDocumentShareLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    access: "view" | "edit";
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description The new link, with its URL */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shareLink: components["schemas"]["NewShareLink"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeDocumentShareLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link is revoked */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentFolders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every folder with its documents */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folders: components["schemas"]["DocumentFolder"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDocumentFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Work",
                 *       "parentId": null
                 *     }
                 */
                "application/json": {
                    /** @description The folder name */
                    name: string;
                    parentId?: string | null;
                };
            };
        };
        responses: {
            /** @description The folder was created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["DocumentFolder"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The folder with its children and documents */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["DocumentFolderDetail"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateDocumentFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Archive",
                 *       "parentId": null
                 *     }
                 */
                "application/json": {
                    /** @description The new name */
                    name?: string;
                    parentId?: string | null;
                };
            };
        };
        responses: {
            /** @description The folder after the change */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["DocumentFolder"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDocumentFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The folder, its child folders and their documents were moved to the trash */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFolderDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["Document"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createFolderDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Meeting notes",
                 *       "content": "# Meeting notes\n",
                 *       "relativePath": "meeting-notes.md",
                 *       "isPublic": false
                 *     }
                 */
                "application/json": {
                    /** @description Markdown */
                    content?: string;
                    folderId?: string | null;
                    isPublic?: boolean;
                    /** @description The document’s file name inside its folder, such as `notes.md` (derived from the title when omitted) */
                    relativePath?: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description The document was created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreDocumentFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored folder */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["DocumentFolder"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDocumentFromTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "templateDocumentId": "01890a5d-ac96-774b-b9aa-9b5e1c1d2a3f",
                 *       "targetFolderId": null
                 *     }
                 */
                "application/json": {
                    targetFolderId?: string | null;
                    templateDocumentId: string;
                };
            };
        };
        responses: {
            /** @description The document was created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["Document"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchDocuments: {
        parameters: {
            query: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                /** @description Words or any part of a word, in any script; matched in titles and contents */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching documents, title matches first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["DocumentSearchHit"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pullDocumentChanges: {
        parameters: {
            query?: {
                /** @description The cursor from the previous pull; omitted: everything live */
                lastSyncAt?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything changed since the cursor, with tombstones */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["SyncDocument"][];
                        folders: components["schemas"]["SyncFolder"][];
                        /**
                         * Format: date-time
                         * @description The cursor for the next pull
                         */
                        lastSyncAt: string;
                        shared: components["schemas"]["SharedSyncDocument"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pushDocumentOperations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "operations": [
                 *         {
                 *           "op": "create",
                 *           "type": "folder",
                 *           "path": "work"
                 *         },
                 *         {
                 *           "op": "create",
                 *           "type": "document",
                 *           "path": "work/plan.md",
                 *           "data": {
                 *             "title": "Plan",
                 *             "content": "# Plan\n"
                 *           }
                 *         },
                 *         {
                 *           "op": "update",
                 *           "type": "document",
                 *           "path": "notes.md",
                 *           "data": {
                 *             "content": "# Notes\n\nMore",
                 *             "baseRevision": 2
                 *           }
                 *         },
                 *         {
                 *           "op": "delete",
                 *           "type": "document",
                 *           "path": "old.md"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    operations: {
                        data?: {
                            /** @description The revision the change was based on; a stale one is refused with 409 `revision_conflict` */
                            baseRevision?: number;
                            /** @description Markdown */
                            content?: string;
                            folderId?: string | null;
                            id?: string;
                            isPublic?: boolean;
                            /** @description Folders: the new name */
                            name?: string;
                            parentId?: string | null;
                            /** @description The document’s file name inside its folder, such as `notes.md` (derived from the title when omitted) */
                            relativePath?: string;
                            title?: string;
                        };
                        /** @enum {string} */
                        op: "create" | "update" | "delete";
                        /** @description Folder names and, for a document, its file name, joined by `/` */
                        path: string;
                        /** @enum {string} */
                        type: "folder" | "document";
                    }[];
                };
            };
        };
        responses: {
            /** @description The operations were applied, all of them */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The sync stamp of the applied operations
                         */
                        lastSyncAt: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["Document"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    seedDocumentTemplates: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every template document */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["Document"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentTrash: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted documents and folders, most recently deleted first (the page counts both) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["TrashedDocument"][];
                        folders: components["schemas"]["TrashedFolder"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pullEvents: {
        parameters: {
            query: {
                /** @description The last seq you have (`0`: from the oldest retained) */
                after: string;
                limit?: number;
                /** @description A comma list of types; a trailing `.*` matches a prefix (`list.*`) */
                types?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events after the cursor */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsPage"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventStream: {
        parameters: {
            query?: {
                /** @description The cursor for clients that cannot set `Last-Event-ID` */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            406: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportFollows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your followers, followed users and follow requests as CSV */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportListRows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rows of all your lists as CSV */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your lists (with their schemas) as CSV */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your messages as CSV */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListFolders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list folders */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folders: components["schemas"]["ListFolder"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createListFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Reading"
                 *     }
                 */
                "application/json": {
                    name: string;
                    parentId?: string | null;
                };
            };
        };
        responses: {
            /** @description The new folder */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["ListFolder"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateListFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Books"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    parentId?: string | null;
                };
            };
        };
        responses: {
            /** @description The folder */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["ListFolder"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteListFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The folder is deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    geolocate: {
        parameters: {
            query?: {
                /** @description Administrators only: the address to locate instead of the caller’s */
                ip?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the address is */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeoLocation"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service and its database answer */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service is unavailable */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            /** @enum {string} */
                            blobStore: "ok" | "failing";
                            /** @enum {string} */
                            database: "ok" | "failing";
                            /** @enum {string} */
                            migrations: "ok" | "failing";
                        };
                        /** @enum {string} */
                        status: "ok" | "failing";
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not ready: a check is failing */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            /** @enum {string} */
                            blobStore: "ok" | "failing";
                            /** @enum {string} */
                            database: "ok" | "failing";
                            /** @enum {string} */
                            migrations: "ok" | "failing";
                        };
                        /** @enum {string} */
                        status: "ok" | "failing";
                    };
                };
            };
        };
    };
    listLists: {
        parameters: {
            query?: {
                folderId?: string;
                /** @description Page size: 1 to 200, default 50 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of lists */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["List"][];
                        message: string;
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    folderId?: string | null;
                    /** @default false */
                    isPublic?: boolean;
                    /** @description The List schema object: { name, description?, fields: [column definition...] } */
                    schema?: unknown;
                    /** @description Instead of `schema`: a codehost-backed list with that source’s fixed schema, for a caller with a linked codehost identity (else 400 `network_not_linked`) */
                    source?: {
                        /**
                         * @description repositories: the caller’s own; starred: those the caller starred; issues: one repository’s, pull requests left out
                         * @enum {string}
                         */
                        kind: "repositories" | "issues" | "starred";
                        /** @enum {string} */
                        provider: "codehost";
                        /** @description `owner/name`: required for issues, refused for the others */
                        repository?: string;
                    };
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The new list */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["List"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["List"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list is deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Books",
                 *       "isPublic": true
                 *     }
                 */
                "application/json": {
                    description?: string | null;
                    folderId?: string | null;
                    isPublic?: boolean;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The list */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["List"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListCollaborators: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grants, oldest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collaborators: components["schemas"]["Collaborator"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addListCollaborator: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Exactly one of username, email or orgSlug */
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email?: string;
                    orgSlug?: string;
                    /**
                     * @description `viewer` reads the item; `editor` also changes rows or a document’s title and content
                     * @enum {string}
                     */
                    role: "viewer" | "editor";
                    /** @description A username (case-insensitive) */
                    username?: string;
                };
            };
        };
        responses: {
            /** @description Shared */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collaborator: components["schemas"]["Collaborator"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeListCollaborator: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                collaboratorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeListCollaboratorRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                collaboratorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "viewer"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description `viewer` reads the item; `editor` also changes rows or a document’s title and content
                     * @enum {string}
                     */
                    role: "viewer" | "editor";
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collaborator: components["schemas"]["Collaborator"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListRows: {
        parameters: {
            query?: {
                /** @description A JSON array of { field, operator, value } conditions, all of which must hold */
                filter?: string;
                /** @description Page size: 1 to 200, default 50 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                /** @description Case-insensitive text contained in any text-like column */
                q?: string;
                /** @description A column key, createdAt or updatedAt; a leading - sorts descending */
                sort?: string;
                view?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rows */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"][];
                        message: string;
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editListRow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rowId": "0190f5c2-0000-7000-8000-000000000002",
                 *       "data": {
                 *         "status": "done"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Cell values keyed by column key */
                    data: {
                        [key: string]: unknown;
                    };
                    rowId: string;
                };
            };
        };
        responses: {
            /** @description The edited row */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addListRow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "title": "Dune",
                 *         "status": "to read"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Cell values keyed by column key */
                    data: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The new row */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteListRow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                rowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row is in the trash */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreListRow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                rowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored row */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list as CSV (saved as `<title>.csv`) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importListRows: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * @description Check every line, write nothing
                     * @default false
                     * @enum {string}
                     */
                    dryRun?: "true" | "false";
                    /**
                     * Format: binary
                     * @description The CSV file; its header line names column keys or labels
                     */
                    file: string;
                    /**
                     * @default all-or-nothing
                     * @enum {string}
                     */
                    mode?: "all-or-nothing" | "valid-rows";
                    /** @description A unique column’s key: lines whose value matches a row update it */
                    upsertKey?: string;
                };
            };
        };
        responses: {
            /** @description The job was queued */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: {
                            id: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The uploaded content is not of an accepted type */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getListImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description An import job and its progress */
                        job: {
                            dryRun: boolean;
                            errors: {
                                line: number;
                                messages: string[];
                            }[];
                            id: string;
                            inserted: number;
                            processed: number;
                            skipped: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            total: number;
                            updated: number;
                        };
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateListSchema: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: unknown;
                    /** @description Destructive rebuild: the new columns */
                    fields?: unknown;
                    /** @description Destructive rebuild: the schema name (becomes the title) */
                    name?: unknown;
                    /** @description Non-destructive edit: column definitions, each with the propertyId of an existing column to keep it and its data */
                    properties?: unknown[];
                };
            };
        };
        responses: {
            /** @description The list with its new schema */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["List"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListShareLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item’s links, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shareLinks: components["schemas"]["ShareLink"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createListShareLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    access: "view" | "edit";
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description The new link, with its URL */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shareLink: components["schemas"]["NewShareLink"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeListShareLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link is revoked */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    syncList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync is queued */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListTrash: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 200, default 50 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deleted rows */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TrashedListRow"][];
                        message: string;
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListViews: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved views */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        views: components["schemas"]["ListView"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createListView: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Unread first",
                 *       "sort": "-priority",
                 *       "filter": [
                 *         {
                 *           "field": "status",
                 *           "operator": "notEquals",
                 *           "value": "done"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    filter?: unknown[] | null;
                    hiddenColumns?: string[];
                    name: string;
                    sort?: string | null;
                };
            };
        };
        responses: {
            /** @description The new view */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        view: components["schemas"]["ListView"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateListView: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                viewId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "hiddenColumns": [
                 *         "priority"
                 *       ]
                 *     }
                 */
                "application/json": {
                    filter?: unknown[] | null;
                    hiddenColumns?: string[];
                    name?: string;
                    sort?: string | null;
                };
            };
        };
        responses: {
            /** @description The saved view */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        view: components["schemas"]["ListView"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteListView: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                viewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view is deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    watchList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Watching now or not */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unwatchList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Watching now or not */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    materialize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "target": "list",
                 *       "source": {
                 *         "kind": "messages",
                 *         "messageIds": [
                 *           "01JD5Q8Z4T6W3M9K2N7B1C0XYZ",
                 *           "01JD5Q9A2R5V8H4J6L3P0D1QRS"
                 *         ]
                 *       },
                 *       "listConfig": {
                 *         "title": "Saved posts",
                 *         "fields": [
                 *           {
                 *             "propertyKey": "content",
                 *             "propertyName": "Content",
                 *             "propertyType": "text",
                 *             "sourceKey": "content"
                 *           },
                 *           {
                 *             "propertyKey": "posted",
                 *             "propertyName": "Posted",
                 *             "propertyType": "datetime",
                 *             "sourceKey": "createdAt"
                 *           },
                 *           {
                 *             "propertyKey": "note",
                 *             "propertyName": "Note",
                 *             "propertyType": "text",
                 *             "sourceKey": null
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    docConfig?: components["schemas"]["MaterializeDocConfig"];
                    listConfig?: components["schemas"]["MaterializeListConfig"];
                    messageConfig?: components["schemas"]["MaterializeMessageConfig"];
                    source: components["schemas"]["MaterializeSource"];
                    /**
                     * @description `list`, `doc` and `both` create; `message` answers a draft and writes nothing
                     * @enum {string}
                     */
                    target: "list" | "doc" | "both" | "message";
                };
            };
        };
        responses: {
            /** @description The message draft (nothing written) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaterializeMessageDraft"];
                };
            };
            /** @description What was created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaterializeCreated"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected server error */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `<id>.<ext>` as in the upload’s URL */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description The requested range */
            206: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Not modified: the ETag matches */
            304: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            416: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                /** @description Only the caller’s own messages (needs credentials) */
                onlyMine?: boolean;
                /** @description Only messages with this tag (case-sensitive) */
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["Message"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required unless pushing; at most the account’s maxMessageLength characters */
                    content?: string;
                    /** @description Subscriber only */
                    crossPostToNetworkB?: boolean;
                    /** @description Subscriber only */
                    crossPostToNetworkC?: boolean;
                    /** @description Subscriber only */
                    crossPostToNetworkD?: boolean;
                    /** @description Descriptions (alt text) of the images: item i describes imageUrls item i; at most as many items as imageUrls, each at most 1500 characters; "" for none */
                    imageAlts?: string[];
                    /** @description Up to 8 of your own uploads; subscriber only */
                    imageUrls?: string[];
                    /** @description Linked networkA identity ids (GET /api/user/identities); subscriber only */
                    networkAProviderIds?: string[];
                    /** @description With crossPostToNetworkC: the message’s link goes in a first comment instead of the post */
                    networkCLinkAsFirstComment?: boolean;
                    /** @description With crossPostToNetworkC: the targets to post as (GET /api/user/networkC/targets); default the person */
                    networkCTargets?: string[];
                    orgId?: string;
                    parentId?: string;
                    /** @description Defaults to the account’s defaultPubliclyVisible */
                    publiclyVisible?: boolean;
                    pushedMessageId?: string;
                    /**
                     * Format: date-time
                     * @description A future time, rounded up to the next 5-minute boundary; subscriber only
                     */
                    scheduledAt?: string;
                    /** @description Free-form, case-sensitive */
                    tags?: string[];
                    /** @description Descriptions of the videos: item i describes videoUrls item i; at most as many items as videoUrls, each at most 1500 characters; "" for none */
                    videoAlts?: string[];
                    /** @description One of your own uploads; subscriber only */
                    videoUrls?: string[];
                };
            };
        };
        responses: {
            /** @description The created message */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crossPostResults?: components["schemas"]["CrossPostResult"][];
                        crossPosts: components["schemas"]["CrossPostEntry"][];
                        data: components["schemas"]["Message"];
                        /** @description "Message created" or "Message scheduled" */
                        message: string;
                        org?: components["schemas"]["MessageOrg"];
                        /**
                         * Format: date-time
                         * @description The rounded publication time (scheduled posts only)
                         */
                        scheduledAt?: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateScheduledMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scheduledAt": "2030-01-01T09:00:00.000Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description A new future time, rounded up to the next 5-minute boundary
                     */
                    scheduledAt?: string;
                    scheduledCrossPostConfig?: {
                        /** @description Subscriber only */
                        crossPostToNetworkB?: boolean;
                        /** @description Subscriber only */
                        crossPostToNetworkC?: boolean;
                        /** @description Subscriber only */
                        crossPostToNetworkD?: boolean;
                        /** @description Linked networkA identity ids (GET /api/user/identities); subscriber only */
                        networkAProviderIds?: string[];
                        /** @description With crossPostToNetworkC: the message’s link goes in a first comment instead of the post */
                        networkCLinkAsFirstComment?: boolean;
                        /** @description With crossPostToNetworkC: the targets to post as (GET /api/user/networkC/targets); default the person */
                        networkCTargets?: string[];
                    };
                };
            };
        };
        responses: {
            /** @description The rescheduled message */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Message"];
                        message: string;
                        /**
                         * Format: date-time
                         * @description The rounded publication time
                         */
                        scheduledAt: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCrossPosts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries, oldest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crossPosts: components["schemas"]["CrossPostDelivery"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryCrossPosts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries, the failed ones pending again */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crossPosts: components["schemas"]["CrossPostDelivery"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    digMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dig state; isNewDig false when already dug */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        digCount: number;
                        dugByMe: boolean;
                        /** @description False when the caller had already dug it */
                        isNewDig: boolean;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    undigMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dig state */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        digCount: number;
                        dugByMe: boolean;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReplies: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 500, default 200 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replies the caller may read */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"][];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "spam",
                 *       "detail": "Posts the same link every minute"
                 *     }
                 */
                "application/json": {
                    detail?: string;
                    /** @enum {string} */
                    reason: "spam" | "harassment" | "hate" | "violence" | "sexual" | "misinformation" | "illegal" | "other";
                };
            };
        };
        responses: {
            /** @description The earlier report was updated */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        report: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            /** @enum {string} */
                            reason: "spam" | "harassment" | "hate" | "violence" | "sexual" | "misinformation" | "illegal" | "other";
                        };
                    };
                };
            };
            /** @description The report was filed */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        report: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            /** @enum {string} */
                            reason: "spam" | "harassment" | "hate" | "violence" | "sexual" | "misinformation" | "illegal" | "other";
                        };
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadMessageImage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image: JPEG, PNG, WebP or GIF, at most 20 MB
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The image was stored */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedImage"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The uploaded content is not of an accepted type */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listScheduledMessages: {
        parameters: {
            query?: {
                range?: "today" | "week" | "month";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Scheduled messages, soonest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["Message"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchMessages: {
        parameters: {
            query: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                onlyMine?: boolean;
                /** @description Case-insensitive substring of the content; 1 to 200 characters */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of matching messages, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["Message"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadMessageVideo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The video: MP4, WebM, QuickTime or AVI, at most 3 MB
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The video was stored */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedVideo"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The uploaded content is not of an accepted type */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description Feed: 1 to 50 (default 20). Tray: the tray limit, clamped to 10..40 (default 20) */
                limit?: number;
                /** @description Feed only: items to skip (default 0) */
                offset?: number;
                /** @description `tray`: the unread tray; omitted: the historical feed */
                scope?: "tray";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Notifications, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Notification"][];
                        /** @description All unread notifications */
                        unreadCount: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNotification: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markNotificationRead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markAllNotificationsRead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many changed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description Notifications changed from unread to read */
                        updated: number;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeNotificationEmail: {
        parameters: {
            query: {
                /** @description The signed token from the e-mail */
                token: string;
            };
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The event whose e-mail channel is now off
                         * @enum {string}
                         */
                        key: "dig" | "push" | "follow" | "mention" | "reply";
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMyOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organizations the caller belongs to */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orgs: components["schemas"]["Organization"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Garden Club",
                 *       "slug": "garden-club",
                 *       "description": "Seeds, swaps and the allotment rota"
                 *     }
                 */
                "application/json": {
                    description?: string | null;
                    /** @description 1 to 100 characters */
                    name: string;
                    /** @description 2 to 40 characters of a-z, 0-9 and -, starting with a letter or digit */
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Seeds, swaps, the allotment rota and the spring fair"
                 *     }
                 */
                "application/json": {
                    avatar?: string | null;
                    description?: string | null;
                    /** @description 1 to 100 characters */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The organization now */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrganizationInvites: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pending invites, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invites: components["schemas"]["OrganizationInvite"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrganizationInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        /** @description Exactly one of email or username */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.org",
                 *       "role": "member"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email?: string;
                    /** @enum {string} */
                    role: "admin" | "member";
                    /** @description A username (case-insensitive) */
                    username?: string;
                };
            };
        };
        responses: {
            /** @description Invited */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invite: components["schemas"]["OrganizationInvite"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeOrganizationInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrganizationMembers: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: components["schemas"]["OrganizationMember"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeOrganizationMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                slug: string;
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeOrganizationMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                slug: string;
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "admin"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description The member now */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["OrganizationMember"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrganizationMessages: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["Message"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrgWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrgWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/social-lists",
                 *       "events": [
                 *         "list.*",
                 *         "message.created"
                 *       ],
                 *       "description": "Sync to our CRM"
                 *     }
                 */
                "application/json": {
                    description?: string | null;
                    /** @description Event types (`list.row.created`) or prefixes (`list.*`), 1 to 50; an unknown one: 422 unknown_event_type */
                    events: string[];
                    /** @description https (http only for ALLOWED_PRIVATE_ADDRESSES), no user info, at most 2048 characters, not resolving to a private address */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The webhook and its secret */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whsec_` + base64 of 32 random bytes: shown in this answer only */
                        secret: string;
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrgWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOrgWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A confirmation in words */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrgWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "list.row.*"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    description?: string | null;
                    enabled?: boolean;
                    /** @description Event types (`list.row.created`) or prefixes (`list.*`), 1 to 50; an unknown one: 422 unknown_event_type */
                    events?: string[];
                    /** @description https (http only for ALLOWED_PRIVATE_ADDRESSES), no user info, at most 2048 characters, not resolving to a private address */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The webhook as it now is */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrgWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                status?: "pending" | "retrying" | "succeeded" | "failed";
                type?: string;
            };
            header?: never;
            path: {
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrgWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A delivery with its body and attempts */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Each attempt, oldest first */
                        attempts: {
                            /** Format: date-time */
                            attemptedAt: string;
                            durationMs: number;
                            error: string | null;
                            response: string | null;
                            statusCode: number | null;
                        }[];
                        delivery: {
                            attempts: number;
                            /** @description The exact body sent, every attempt */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The event id: the `webhook-id` header of every attempt */
                            eventId: string;
                            id: string;
                            lastError: string | null;
                            lastStatusCode: number | null;
                            nextAttemptAt: string | null;
                            redelivery: boolean;
                            /** @enum {string} */
                            status: "pending" | "retrying" | "succeeded" | "failed";
                            type: string;
                        };
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverOrgWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                deliveryId: string;
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery (redelivery: true), queued */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateOrgWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown in this answer only */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whsec_` + base64 of 32 random bytes: shown in this answer only */
                        secret: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testOrgWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test delivery after its first attempt */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptOrganizationInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "3f9c2d7a1b8e4f60a5c9d2e7b1f4a8c03f9c2d7a1b8e4f60a5c9d2e7b1f4a8c0"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Joined */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    proxyImage: {
        parameters: {
            query: {
                /** @description The image to fetch: an absolute http or https URL */
                url: string;
                /** @description Largest side of the answer in pixels (16 to 1200, default 1200); never enlarged */
                w?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image, re-encoded */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Not modified: the ETag matches */
            304: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The uploaded content is not of an accepted type */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An upstream service failed or did not answer in time */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPushDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The devices */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: components["schemas"]["PushDevice"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerPushDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad",
                 *       "platform": "ios",
                 *       "environment": "production"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description APNs environment; inferred from PUSH_ENVIRONMENT when omitted
                     * @enum {string}
                     */
                    environment?: "sandbox" | "production";
                    /** @enum {string} */
                    platform: "ios" | "android";
                    /** @description The APNs device token or FCM registration token */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Registered */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        registered: true;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unregisterPushDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Not registered */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        registered: false;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchEverything: {
        parameters: {
            query: {
                /** @description Page size: 1 to 50, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                /** @description The words to find: 1 to 200 characters after trimming */
                q: string;
                /** @description A comma list of `messages`, `documents`, `rows` (default all) */
                types?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of matches, best first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        results: components["schemas"]["SearchResult"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sharedWithMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Shared items, the strongest role each */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedWithMe"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSharedItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of the link’s URL (`/s/<token>`) */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shared item */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedItem"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSharedDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The token of the link’s URL (`/s/<token>`) */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "# Meeting notes\n\nDecisions...",
                 *       "baseRevision": 3
                 *     }
                 */
                "application/json": {
                    /** @description The revision the change was based on; a stale one is refused with 409 `revision_conflict` */
                    baseRevision?: number;
                    /** @description Markdown */
                    content?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The document after the change */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["SharedDocument"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSharedListRows: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 200, default 50 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The token of the link’s URL (`/s/<token>`) */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rows */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"][];
                        message: string;
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editSharedListRow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The token of the link’s URL (`/s/<token>`) */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rowId": "0190f5c2-0000-7000-8000-000000000002",
                 *       "data": {
                 *         "status": "done"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Cell values keyed by column key */
                    data: {
                        [key: string]: unknown;
                    };
                    rowId: string;
                };
            };
        };
        responses: {
            /** @description The edited row */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addSharedListRow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The token of the link’s URL (`/s/<token>`) */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "title": "Dune",
                 *         "status": "to read"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Cell values keyed by column key */
                    data: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The new row */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSharedListRow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                rowId: string;
                /** @description The token of the link’s URL (`/s/<token>`) */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row is in the trash */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptShareInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "the-token-from-the-e-mail-link"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchTags: {
        parameters: {
            query: {
                /** @description How many tags (1 to 50, default 10) */
                limit?: number;
                /** @description The start of the tag, any case (1 to 50 characters) */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching tags, most used first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tags: {
                            /** @description Public top-level messages with this tag */
                            messages: number;
                            /** @description As written */
                            tag: string;
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTrendingTags: {
        parameters: {
            query?: {
                /** @description How many tags (1 to 50, default 10) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trending tags, first the most used */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tags: {
                            /** @description Distinct authors of those messages */
                            accounts: number;
                            /** @description Public top-level messages of the last 24 hours with this tag */
                            messages: number;
                            /** @description As written (case-sensitive) */
                            tag: string;
                        }[];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current user */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["CurrentUser"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCurrentUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    /** @description The current password, as confirmation */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The account was deleted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCurrentUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "displayName": "Ada Lovelace",
                 *       "bio": "Mathematician",
                 *       "viewingPreference": "following"
                 *     }
                 */
                "application/json": {
                    avatar?: string | null;
                    bio?: string | null;
                    defaultPubliclyVisible?: boolean;
                    displayName?: string;
                    isPrivate?: boolean;
                    maxMessageLength?: number;
                    theme?: string | null;
                    /** @enum {string} */
                    viewingPreference?: "all" | "following";
                };
            };
        };
        responses: {
            /** @description The current user */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["CurrentUser"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserMessages: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user’s messages, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["Message"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDataArchive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest archive */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archive: components["schemas"]["DataArchive"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestDataArchive: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive is being built */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archive: components["schemas"]["DataArchive"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadDataArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP file */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBlockedUsers: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users, most recent first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        users: components["schemas"]["UserSummary"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestEmailChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.org"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description E-mail address
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The confirmation link was sent */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFollowRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pending requests, oldest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requests: components["schemas"]["FollowRequest"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptFollowRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rejectFollowRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rejected */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFollowers: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users, most recent first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        users: components["schemas"]["UserSummary"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFollowing: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users, most recent first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        users: components["schemas"]["UserSummary"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listIdentities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The linked identities */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        identities: components["schemas"]["Identity"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unlinkIdentity: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMutedUsers: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users, most recent first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: components["schemas"]["Pagination"];
                        users: components["schemas"]["UserSummary"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNetworkCTargets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The networkC posting targets */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        targets: components["schemas"]["NetworkCTarget"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["NotificationPreferenceEvent"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateNotificationPreference: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "key": "dig",
                 *       "channels": {
                 *         "push": false
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Channel name (push, inApp, email) to boolean; only channels the event supports */
                    channels: {
                        [key: string]: unknown;
                    };
                    /** @description The event key: dig, push, follow, mention or reply */
                    key: string;
                };
            };
        };
        responses: {
            /** @description The updated event */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationPreferenceEvent"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "correct horse battery",
                 *       "newPassword": "a new long passphrase"
                 *     }
                 */
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description The password was changed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublicProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile as the caller may see it */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["PublicProfile"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    blockUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Block state now */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlockState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unblockUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Block state now */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlockState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPublicDocuments: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of documents */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["Document"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBlogFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Atom feed */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    followUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller’s relation to the user now */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unfollowUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Neither following nor requested */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPublicLists: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 200, default 50 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user’s public lists */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PublicList"][];
                        message: string;
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublicList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public list */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PublicList"];
                        message: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPublicListRows: {
        parameters: {
            query?: {
                /** @description A JSON array of { field, operator, value } conditions, all of which must hold */
                filter?: string;
                /** @description Page size: 1 to 200, default 50 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                /** @description Case-insensitive text contained in any text-like column */
                q?: string;
                /** @description A column key, createdAt or updatedAt; a leading - sorts descending */
                sort?: string;
            };
            header?: never;
            path: {
                id: string;
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rows */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListRow"][];
                        message: string;
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    muteUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mute state now */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MuteState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unmuteUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mute state now */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MuteState"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "harassment",
                 *       "detail": "Sends abusive replies to my posts"
                 *     }
                 */
                "application/json": {
                    detail?: string;
                    /** @enum {string} */
                    reason: "spam" | "harassment" | "hate" | "violence" | "sexual" | "misinformation" | "illegal" | "other";
                };
            };
        };
        responses: {
            /** @description Reported */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        report: {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            /** @enum {string} */
                            reason: "spam" | "harassment" | "hate" | "violence" | "sexual" | "misinformation" | "illegal" | "other";
                        };
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscribeToBlog: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A username (case-insensitive) */
                username: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "reader@example.org"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description E-mail address
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The same answer whether or not the address was new */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    currentWeather: {
        parameters: {
            query?: {
                /** @description Latitude (with lon); rounded to 2 decimals */
                lat?: number;
                /** @description Longitude (with lat); rounded to 2 decimals */
                lon?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current weather */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        weather: components["schemas"]["Weather"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An upstream service failed or did not answer in time */
            502: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/social-lists",
                 *       "events": [
                 *         "list.*",
                 *         "message.created"
                 *       ],
                 *       "description": "Sync to our CRM"
                 *     }
                 */
                "application/json": {
                    description?: string | null;
                    /** @description Event types (`list.row.created`) or prefixes (`list.*`), 1 to 50; an unknown one: 422 unknown_event_type */
                    events: string[];
                    /** @description https (http only for ALLOWED_PRIVATE_ADDRESSES), no user info, at most 2048 characters, not resolving to a private address */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The webhook and its secret */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whsec_` + base64 of 32 random bytes: shown in this answer only */
                        secret: string;
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A confirmation in words */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResult"];
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "list.row.*"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    description?: string | null;
                    enabled?: boolean;
                    /** @description Event types (`list.row.created`) or prefixes (`list.*`), 1 to 50; an unknown one: 422 unknown_event_type */
                    events?: string[];
                    /** @description https (http only for ALLOWED_PRIVATE_ADDRESSES), no user info, at most 2048 characters, not resolving to a private address */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The webhook as it now is */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than allowed */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100, default 20 */
                limit?: number;
                /** @description How many items to skip, default 0 */
                offset?: number;
                status?: "pending" | "retrying" | "succeeded" | "failed";
                type?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries, newest first */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A delivery with its body and attempts */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Each attempt, oldest first */
                        attempts: {
                            /** Format: date-time */
                            attemptedAt: string;
                            durationMs: number;
                            error: string | null;
                            response: string | null;
                            statusCode: number | null;
                        }[];
                        delivery: {
                            attempts: number;
                            /** @description The exact body sent, every attempt */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The event id: the `webhook-id` header of every attempt */
                            eventId: string;
                            id: string;
                            lastError: string | null;
                            lastStatusCode: number | null;
                            nextAttemptAt: string | null;
                            redelivery: boolean;
                            /** @enum {string} */
                            status: "pending" | "retrying" | "succeeded" | "failed";
                            type: string;
                        };
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery (redelivery: true), queued */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown in this answer only */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whsec_` + base64 of 32 random bytes: shown in this answer only */
                        secret: string;
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test delivery after its first attempt */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description The request is malformed or invalid; `error` says what to change */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in: no valid session cookie or Bearer token */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write) */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
