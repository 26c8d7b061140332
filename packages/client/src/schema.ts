/**
 * Generated from the Crawlwise OpenAPI document by `npm run generate:client`; do not edit.
 * A server test fails when this file no longer matches the routes.
 */
export interface paths {
    "/api/auth-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Third-party sign-in providers configured on this installation */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            providers: {
                                id: string;
                                name: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/avatars/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A profile picture (its address is the profile’s avatarUrl) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The picture */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": unknown;
                    };
                };
                /** @description No such picture */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": null;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare two reports of the same page
         * @description Read by the two access tokens (`a` the older report, `b` the newer; given the other way round they are put in date order). Both must be completed reports of the same normalised address. Each report is presented as `GET /api/reports/{token}` presents it to this reader, so an anonymous reader’s comparison keeps the locked findings locked (`access: anonymous`).
         */
        get: {
            parameters: {
                query: {
                    /** @description Access token of the older report */
                    a: string;
                    /** @description Access token of the newer report */
                    b: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            comparison: {
                                /** @enum {string} */
                                access: "full" | "anonymous";
                                after: {
                                    access_token: string;
                                    /** Format: date-time */
                                    completed_at: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    score: number;
                                    score_model: number | null;
                                };
                                before: {
                                    access_token: string;
                                    /** Format: date-time */
                                    completed_at: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    score: number;
                                    score_model: number | null;
                                };
                                categories: {
                                    after: number | null;
                                    before: number | null;
                                    delta: number | null;
                                    /** @enum {string} */
                                    id: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                }[];
                                crawler: {
                                    after: {
                                        /** @enum {string} */
                                        outcome: "passed" | "failed" | "not_applicable" | "skipped";
                                        rendered: string[] | null;
                                        server: string[] | null;
                                    } | null;
                                    before: {
                                        /** @enum {string} */
                                        outcome: "passed" | "failed" | "not_applicable" | "skipped";
                                        rendered: string[] | null;
                                        server: string[] | null;
                                    } | null;
                                    check: string;
                                    signal: string;
                                }[];
                                findings: {
                                    after: {
                                        locked: boolean;
                                        message: string | null;
                                        /** @enum {string|null} */
                                        outcome: "passed" | "failed" | "not_applicable" | "skipped" | null;
                                        points: number | null;
                                        /** @enum {string} */
                                        severity: "critical" | "warning" | "success";
                                    } | null;
                                    before: {
                                        locked: boolean;
                                        message: string | null;
                                        /** @enum {string|null} */
                                        outcome: "passed" | "failed" | "not_applicable" | "skipped" | null;
                                        points: number | null;
                                        /** @enum {string} */
                                        severity: "critical" | "warning" | "success";
                                    } | null;
                                    /** @enum {string} */
                                    category: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                    /** @enum {string} */
                                    change: "new" | "changed" | "fixed";
                                    id: string;
                                }[];
                                same_score_model: boolean;
                                score_delta: number;
                                unchanged_problems: number;
                                url: string;
                            };
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_not_found` (Report Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "report_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `compare_not_ready` (Report Not Ready) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "compare_not_ready";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_deleted` (Report Deleted), `report_expired` (Report Expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "report_deleted" | "report_expired";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `compare_different_pages` (Different Pages) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "compare_different_pages";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to the team
         * @description Stored, then mailed to SUPPORT_EMAIL when SMTP_URL is set (written to the server log otherwise). A validation failure answers `invalid_request` with the form message. At most 5 per requester per hour (`too_many_requests`, 429 with `Retry-After`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        message: string;
                        name: string;
                        website?: string;
                    };
                };
            };
            responses: {
                /** @description Message stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `too_many_requests` (Too Many Requests) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "too_many_requests";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe to the newsletter
         * @description A filled `honeypot` is refused with `suspicious_activity` and not stored; a disposable or reserved address with `email_blocked`. `urlId` and `reportId` link the sign-up to a report; unknown ids are stored as null. An address that unsubscribed is subscribed again. At most 5 sign-ups per requester per hour (`too_many_requests`, 429 with `Retry-After`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        /** @default  */
                        honeypot?: string;
                        reportId?: (string | number) | null;
                        urlId?: (string | number) | null;
                        utm_campaign?: string | null;
                        utm_content?: string | null;
                        utm_medium?: string | null;
                        utm_source?: string | null;
                        utm_term?: string | null;
                    };
                };
            };
            responses: {
                /** @description Subscribed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_email` (Invalid Email Address), `email_blocked` (Email Address Blocked), `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_email" | "email_blocked" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `suspicious_activity` (Suspicious Activity Detected), `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "suspicious_activity" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `duplicate_email` (Already Subscribed) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "duplicate_email";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `too_many_requests` (Too Many Requests) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "too_many_requests";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `submission_failed` (Submission Failed), `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "submission_failed" | "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Unsubscribe (the link in a newsletter mail) */
        get: {
            parameters: {
                query?: {
                    /** @description The unsubscribe token of the address */
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Confirmation page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description The link is invalid */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload your profile picture (multipart, one file)
         * @description JPEG, PNG or WebP, decided by the file’s bytes; at most 2 MB (413 as soon as the upload passes it) and 25 megapixels. The picture is re-encoded without its metadata and replaces the previous one.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            avatarUrl: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `too_many_requests` (Too Many Requests) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "too_many_requests";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The history of one page: your reports of its address, newest first
         * @description The address is normalised as reports store it (lower-case scheme and host, no fragment). At most the newest 100 reports are sent; `total` counts them all. Deleted and expired reports are left out; pending and failed ones are listed with a null score.
         */
        get: {
            parameters: {
                query: {
                    /** @description An http(s) page address */
                    url: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            reports: {
                                access_token: string;
                                categories: {
                                    /** @enum {string} */
                                    id: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                    score: number;
                                }[];
                                /** Format: date-time */
                                completed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                error_code: string | null;
                                /** Format: uuid */
                                id: string;
                                score: number | null;
                                score_model: number | null;
                                /** @enum {string} */
                                status: "queued" | "analyzing" | "completed" | "failed";
                            }[];
                            total: number;
                            url: string;
                        };
                    };
                };
                /** @description Error codes: `missing_url` (URL Required), `invalid_url` (Invalid URL Format), `url_too_long` (URL Too Long), `unsupported_protocol` (Only HTTP and HTTPS) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "missing_url" | "invalid_url" | "url_too_long" | "unsupported_protocol";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/profile": {
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
        /** Change your display name */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        fullName: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            profile: {
                                avatarUrl: string | null;
                                fullName: string;
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/me/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your reports, newest first, ten per page */
        get: {
            parameters: {
                query?: {
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            offset: number;
                            /** @enum {boolean} */
                            ok: true;
                            reports: {
                                access_token: string;
                                /** Format: date-time */
                                completed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                id: string;
                                score: number | null;
                                /** @enum {string} */
                                status: "queued" | "analyzing" | "completed" | "failed";
                                url: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your API tokens, oldest first (never their secrets) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            tokens: {
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                lastUsedAt: string | null;
                                name: string;
                                /** @enum {string} */
                                scope: "read" | "write";
                            }[];
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request), `invalid_token` (Invalid API Token) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request" | "invalid_token";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `token_scope` (Not Allowed With This Token) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "token_scope";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API token; its secret is shown in this answer only
         * @description `scope: "read"` reaches the GET routes of reports, history, comparisons, site checks and watches; `"write"` also creates reports, site checks and watches. Send it as `Authorization: Bearer <secret>`. No token reaches account management. At most 20 tokens per account (`token_limit_reached`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        scope: "read" | "write";
                    };
                };
            };
            responses: {
                /** @description Token created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            secret: string;
                            token: {
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                lastUsedAt: string | null;
                                name: string;
                                /** @enum {string} */
                                scope: "read" | "write";
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request), `invalid_token` (Invalid API Token) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request" | "invalid_token";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `token_scope` (Not Allowed With This Token), `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "token_scope" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `token_limit_reached` (Token Limit Reached) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "token_limit_reached";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token at once */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The token id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request), `invalid_token` (Invalid API Token) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request" | "invalid_token";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `token_scope` (Not Allowed With This Token) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "token_scope";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `token_not_found` (Token Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "token_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner-waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the partner programme waitlist
         * @description Idempotent: an address already on the list is answered the same way. A disposable or reserved address is refused with `email_blocked`. At most 5 per requester per hour (`too_many_requests`, 429 with `Retry-After`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description On the waitlist */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request), `email_blocked` (Email Address Blocked) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request" | "email_blocked";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `too_many_requests` (Too Many Requests) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "too_many_requests";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `submission_failed` (Submission Failed), `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "submission_failed" | "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a page and queue its analysis
         * @description Limits per requester (signed-in account, else client address; IPv6 by /64), counting every submission that fetches a page, also when the fetch fails: 100 per rolling 24 hours (`rate_limit_exceeded`) and 10 per minute (`too_many_requests`), both 429 with `Retry-After` in seconds. From the 80th report of the day the answer carries `rate_limit_soft: true`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An http(s) page address */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Report queued */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accessToken: string;
                            /** @enum {boolean} */
                            ok: true;
                            /** @enum {boolean} */
                            rate_limit_soft?: true;
                        };
                    };
                };
                /** @description Error codes: `missing_url` (URL Required), `invalid_url` (Invalid URL Format), `url_too_long` (URL Too Long), `unsupported_protocol` (Only HTTP and HTTPS), `private_ip` (Private Address Not Allowed), `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "missing_url" | "invalid_url" | "url_too_long" | "unsupported_protocol" | "private_ip" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `dns_error` (Domain Not Found), `fetch_failed` (Unable to Connect), `fetch_timeout` (Site Took Too Long), `ssl_error` (SSL Certificate Issue), `redirect_loop` (Redirect Loop Detected), `http_error_403` (Access Denied), `http_error_404` (Page Not Found), `http_error_500` (Server Error), `http_error_503` (Service Unavailable), `invalid_content_type` (Not an HTML Page), `content_too_large` (Page Too Large), `parse_error` (Unable to Parse HTML) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "dns_error" | "fetch_failed" | "fetch_timeout" | "ssl_error" | "redirect_loop" | "http_error_403" | "http_error_404" | "http_error_500" | "http_error_503" | "invalid_content_type" | "content_too_large" | "parse_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `rate_limit_exceeded` (Daily Limit Reached), `too_many_requests` (Too Many Requests) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "rate_limit_exceeded" | "too_many_requests";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `service_unavailable` (Service Unavailable), `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "service_unavailable" | "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a report by its access token */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The report access token (43 characters) */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The report (poll until status is completed or failed). A report still queued or analysing REPORT_STUCK_AFTER_SECONDS (default 300) after creation is answered failed with `function_timeout`. After the first 3 top issues (critical and warning findings), anonymous readers get `{id, severity, category, locked}` instead. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            report: {
                                /** @enum {string} */
                                access: "full" | "anonymous";
                                categories: {
                                    deductions: {
                                        check: string;
                                        points: number;
                                    }[];
                                    /** @enum {string} */
                                    id: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                    score: number;
                                    weight: number;
                                }[];
                                /** Format: date-time */
                                completed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                error_code: string | null;
                                error_message: string | null;
                                final_url: string | null;
                                /** Format: uuid */
                                id: string;
                                issues: ({
                                    /** @enum {string} */
                                    category: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                    /** @enum {string} */
                                    cause?: "client-side-rendering";
                                    details: {
                                        [key: string]: unknown;
                                    };
                                    howToFix: string | null;
                                    id: string;
                                    message: string;
                                    /** @enum {string} */
                                    outcome: "passed" | "failed" | "not_applicable" | "skipped";
                                    points: number;
                                    /** @enum {string} */
                                    severity: "critical" | "warning" | "success";
                                    why: string;
                                } | {
                                    /** @enum {string} */
                                    category: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                    id: string;
                                    /** @enum {boolean} */
                                    locked: true;
                                    /** @enum {string} */
                                    severity: "critical" | "warning";
                                })[];
                                meta_json: ({
                                    metaDescription: {
                                        length: number;
                                        /** @enum {string} */
                                        status: "pass" | "warning" | "fail";
                                        value: string | null;
                                    };
                                    performance: {
                                        loadTime: number;
                                    };
                                    technical: {
                                        redirects: number;
                                        ssl: boolean;
                                        statusCode: number;
                                        viewport: boolean;
                                    };
                                    title: {
                                        length: number;
                                        /** @enum {string} */
                                        status: "pass" | "warning" | "fail";
                                        value: string | null;
                                    };
                                    wordCount: {
                                        count: number;
                                        renderedCount: number | null;
                                        /** @enum {string} */
                                        status: "pass" | "warning" | "fail";
                                    };
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                score: number;
                                score_model: number | null;
                                /** Format: date-time */
                                started_at: string | null;
                                /** @enum {string} */
                                status: "queued" | "analyzing" | "completed" | "failed";
                                url: string;
                                /** Format: uuid */
                                url_id: string;
                            };
                        };
                    };
                };
                /** @description Error codes: `report_not_found` (Report Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "report_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_deleted` (Report Deleted), `report_expired` (Report Expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "report_deleted" | "report_expired";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete one of your reports
         * @description Owner only: the report must belong to the active workspace (your Personal reports, or any report of the active team). Later reads answer `report_deleted` (410). Without a session: 401 `invalid_request`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The report access token (43 characters) */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_not_found` (Report Not Found), `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "report_not_found" | "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/{token}/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the findings of a report as CSV
         * @description One row per finding: id, category, severity, outcome, points, title, details, how_to_fix (UTF-8 with a byte order mark, RFC 4180 quoting; cells that a spreadsheet would run as a formula start with an apostrophe). Sent as an attachment named `crawlwise-<host>-<yyyy-mm-dd>.csv`. Anonymous readers get only what they may see on screen: locked findings stay locked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The report access token (43 characters) */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The report as CSV */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Error codes: `report_not_found` (Report Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv; charset=utf-8": {
                            /** @enum {string} */
                            error: "report_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_not_ready` (Report Not Ready) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv; charset=utf-8": {
                            /** @enum {string} */
                            error: "report_not_ready";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_deleted` (Report Deleted), `report_expired` (Report Expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv; charset=utf-8": {
                            /** @enum {string} */
                            error: "report_deleted" | "report_expired";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv; charset=utf-8": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv; charset=utf-8": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/{token}/export.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a report as JSON
         * @description The report in the shared report schema (the `report` of GET /api/reports/:token). Sent as an attachment named `crawlwise-<host>-<yyyy-mm-dd>.json`. Anonymous readers get only what they may see on screen: locked findings stay locked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The report access token (43 characters) */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The report as JSON */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            access: "full" | "anonymous";
                            categories: {
                                deductions: {
                                    check: string;
                                    points: number;
                                }[];
                                /** @enum {string} */
                                id: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                score: number;
                                weight: number;
                            }[];
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            error_code: string | null;
                            error_message: string | null;
                            final_url: string | null;
                            /** Format: uuid */
                            id: string;
                            issues: ({
                                /** @enum {string} */
                                category: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                /** @enum {string} */
                                cause?: "client-side-rendering";
                                details: {
                                    [key: string]: unknown;
                                };
                                howToFix: string | null;
                                id: string;
                                message: string;
                                /** @enum {string} */
                                outcome: "passed" | "failed" | "not_applicable" | "skipped";
                                points: number;
                                /** @enum {string} */
                                severity: "critical" | "warning" | "success";
                                why: string;
                            } | {
                                /** @enum {string} */
                                category: "crawlability" | "performance" | "metadata" | "social" | "content" | "links";
                                id: string;
                                /** @enum {boolean} */
                                locked: true;
                                /** @enum {string} */
                                severity: "critical" | "warning";
                            })[];
                            meta_json: ({
                                metaDescription: {
                                    length: number;
                                    /** @enum {string} */
                                    status: "pass" | "warning" | "fail";
                                    value: string | null;
                                };
                                performance: {
                                    loadTime: number;
                                };
                                technical: {
                                    redirects: number;
                                    ssl: boolean;
                                    statusCode: number;
                                    viewport: boolean;
                                };
                                title: {
                                    length: number;
                                    /** @enum {string} */
                                    status: "pass" | "warning" | "fail";
                                    value: string | null;
                                };
                                wordCount: {
                                    count: number;
                                    renderedCount: number | null;
                                    /** @enum {string} */
                                    status: "pass" | "warning" | "fail";
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            score: number;
                            score_model: number | null;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @enum {string} */
                            status: "queued" | "analyzing" | "completed" | "failed";
                            url: string;
                            /** Format: uuid */
                            url_id: string;
                        };
                    };
                };
                /** @description Error codes: `report_not_found` (Report Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json; charset=utf-8": {
                            /** @enum {string} */
                            error: "report_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_not_ready` (Report Not Ready) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json; charset=utf-8": {
                            /** @enum {string} */
                            error: "report_not_ready";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_deleted` (Report Deleted), `report_expired` (Report Expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json; charset=utf-8": {
                            /** @enum {string} */
                            error: "report_deleted" | "report_expired";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json; charset=utf-8": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json; charset=utf-8": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/{token}/export.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a report as PDF
         * @description A printable report made by a headless browser: a cover with the score and the address, every finding with its fix, the crawler view and the score ledger, numbered pages. At most 30 PDFs per requester per hour (`too_many_requests`, 429 with `Retry-After`); when too many are being made at once, `export_busy` (503 with `Retry-After`). Sent as an attachment named `crawlwise-<host>-<yyyy-mm-dd>.pdf`. Anonymous readers get only what they may see on screen: locked findings stay locked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The report access token (43 characters) */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The report as PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Error codes: `report_not_found` (Report Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": {
                            /** @enum {string} */
                            error: "report_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_not_ready` (Report Not Ready) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": {
                            /** @enum {string} */
                            error: "report_not_ready";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `report_deleted` (Report Deleted), `report_expired` (Report Expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": {
                            /** @enum {string} */
                            error: "report_deleted" | "report_expired";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `too_many_requests` (Too Many Requests) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": {
                            /** @enum {string} */
                            error: "too_many_requests";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `export_busy` (Export Queue Full), `export_failed` (Export Failed), `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": {
                            /** @enum {string} */
                            error: "export_busy" | "export_failed" | "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your site checks, newest first (the latest 20) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            siteChecks: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            }[];
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Start a whole-site check
         * @description Signed-in only. `source: "sitemap"` reads the site's sitemaps (robots.txt `Sitemap:` lines, else /sitemap.xml; indexes and gzip followed) in a worker; `source: "list"` takes the pasted `list` (one address per line, or CSV). Only addresses on the site's host are kept, at most 200 pages. Every queued page counts against the daily allowance of 600 site-check pages per account (`site_check_page_limit`); one site check at a time (`site_check_in_progress`). `source: "crawl"` follows links: at most 500 pages and one page a second on a site you have not verified (`site_not_verified`); on a verified site, whose proof is read again first (`site_verification_lost`), up to SITE_CRAWL_MAX_PAGES (`crawl_over_page_cap`) at a 100 ms floor.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        crawl?: {
                            /** @default false */
                            checkExternal?: boolean;
                            /** @default [] */
                            exclude?: string[];
                            /** @default false */
                            followNofollow?: boolean;
                            /** @default [] */
                            include?: string[];
                            /** @default false */
                            includeSubdomains?: boolean;
                            /** @default 10 */
                            maxDepth?: number;
                            /** @default 500 */
                            maxExternal?: number;
                            /** @default 200 */
                            maxPages?: number;
                        };
                        list?: string;
                        /** @description The site: any address on it */
                        siteUrl: string;
                        /** @enum {string} */
                        source: "sitemap" | "list" | "crawl";
                    };
                };
            };
            responses: {
                /** @description Site check started */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            siteCheck: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            };
                        };
                    };
                };
                /** @description Error codes: `missing_url` (URL Required), `invalid_url` (Invalid URL Format), `url_too_long` (URL Too Long), `unsupported_protocol` (Only HTTP and HTTPS), `site_check_no_pages` (No Pages to Check), `crawl_over_page_cap` (Crawl Too Large), `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "missing_url" | "invalid_url" | "url_too_long" | "unsupported_protocol" | "site_check_no_pages" | "crawl_over_page_cap" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_not_verified` (Site Not Verified), `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_not_verified" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_check_in_progress` (Site Check Already Running), `site_verification_lost` (Site Verification Lost) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_check_in_progress" | "site_verification_lost";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_check_page_limit` (Daily Page Limit Reached) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_check_page_limit";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A site check and its progress (poll until completed or failed) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            siteCheck: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/compare/{otherId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Two crawls of the same site compared: issues new and fixed, pages added and removed
         * @description Both must be your crawls of the same site (`site_check_compare_mismatch`); the earlier is the baseline. Addresses and score changes list at most 100 (totals count all).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    otherId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            after: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            };
                            before: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            };
                            issues: {
                                after: number;
                                before: number;
                                /** @enum {string} */
                                change: "new" | "fixed" | "more" | "fewer" | "same";
                                id: string;
                                /** @enum {string} */
                                kind: "site" | "page";
                                /** @enum {string} */
                                severity: "critical" | "warning" | "notice";
                                title: string;
                            }[];
                            /** @enum {boolean} */
                            ok: true;
                            pagesAdded: {
                                total: number;
                                urls: string[];
                            };
                            pagesRemoved: {
                                total: number;
                                urls: string[];
                            };
                            score: {
                                after: number | null;
                                before: number | null;
                            };
                            scoreChanges: {
                                after: number;
                                before: number;
                                url: string;
                            }[];
                        };
                    };
                };
                /** @description Error codes: `site_check_compare_mismatch` (Checks Cannot Be Compared) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_check_compare_mismatch";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/duplicates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Near-duplicate clusters, largest first, paged (up to 20 members each) */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            builtAt: string | null;
                            /** @enum {boolean} */
                            ok: true;
                            page: number;
                            pageSize: number;
                            rows: {
                                cluster: number;
                                members: {
                                    title: string | null;
                                    url: string;
                                    words: number | null;
                                }[];
                                similarity: number;
                                size: number;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/duplicates.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every member of every near-duplicate cluster as CSV */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description crawlwise-site-<host>-<date>-duplicates.csv */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/duplicates/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Two pages' main text side by side, blocks marked shared or not
         * @description Read from a bounded excerpt of each page (8 KB of main-text blocks, stored when the page was crawled; `truncated` says when the page has more). Both addresses must be pages of this check (`site_audit_page_not_found`).
         */
        get: {
            parameters: {
                query: {
                    a: string;
                    b: string;
                };
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            a: {
                                blocks: {
                                    shared: boolean;
                                    text: string;
                                }[];
                                truncated: boolean;
                                url: string;
                            };
                            b: {
                                blocks: {
                                    shared: boolean;
                                    text: string;
                                }[];
                                truncated: boolean;
                                url: string;
                            };
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found), `site_audit_page_not_found` (Page Not in This Check) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found" | "site_audit_page_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/issues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit: site findings and failing page checks, by what fixing them is worth */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            builtAt: string | null;
                            issues: {
                                count: number;
                                howToFix: string;
                                id: string;
                                /** @enum {string} */
                                kind: "site" | "page";
                                /** @enum {string} */
                                severity: "critical" | "warning" | "notice";
                                title: string;
                                why: string;
                                worth: number;
                            }[];
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/issues.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit issues as CSV */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description crawlwise-site-<host>-<date>-issues.csv */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/issues/{issueId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An issue's affected pages, targets or cluster members, paged
         * @description In the finding's order. A site finding's item names up to 10 linking pages (`sourceCount`: all of them). An issue the snapshot does not hold has no items.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path: {
                    id: string;
                    issueId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            builtAt: string | null;
                            /** @enum {boolean} */
                            ok: true;
                            page: number;
                            pageSize: number;
                            rows: {
                                accessToken: string | null;
                                detail: string | null;
                                sourceCount: number;
                                sources: {
                                    anchor: string;
                                    url: string;
                                }[];
                                url: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/issues/{issueId}/items.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An issue's affected items as CSV (all of them) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    issueId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description crawlwise-site-<host>-<date>-<issue>.csv */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Broken or redirected internal links, source → target, paged
         * @description One row per linking page and target (the first link's anchor text). `section` keeps sources whose first path segment it is; `sections` lists them for the filter. `status` keeps links whose target answered it (`none`: targets that never answered); `statuses` lists those present for the filter.
         */
        get: {
            parameters: {
                query?: {
                    dir?: "asc" | "desc";
                    kind?: "broken" | "redirected";
                    page?: number;
                    pageSize?: number;
                    section?: string;
                    sort?: "source" | "target" | "status";
                    status?: "none" | number;
                };
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            builtAt: string | null;
                            /** @enum {boolean} */
                            ok: true;
                            page: number;
                            pageSize: number;
                            rows: {
                                anchor: string;
                                finalUrl: string | null;
                                nofollow: boolean;
                                renderedOnly: boolean;
                                source: string;
                                target: string;
                                targetError: string | null;
                                targetStatus: number | null;
                            }[];
                            sections: {
                                links: number;
                                section: string;
                            }[];
                            statuses: {
                                links: number;
                                status: number | null;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/links.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The links list as CSV: the full result of the same query */
        get: {
            parameters: {
                query?: {
                    dir?: "asc" | "desc";
                    kind?: "broken" | "redirected";
                    page?: number;
                    pageSize?: number;
                    section?: string;
                    sort?: "source" | "target" | "status";
                    status?: "none" | number;
                };
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description crawlwise-site-<host>-<date>-links-<kind>.csv */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit overview: site score and ledger, pages by state, top issues, progress
         * @description `progress` is live (read from the pages as they finish); the rest is the snapshot of `builtAt`. `previous` is the last completed check of the same site and source by the same account, with the issues new and fixed since.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            builtAt: string | null;
                            /** @enum {boolean} */
                            ok: true;
                            overview: {
                                base: number | null;
                                indexable: number;
                                ledger: {
                                    /** @enum {string} */
                                    id: "broken-internal-links" | "redirected-internal-links" | "redirect-chains" | "orphan-pages" | "deep-pages" | "single-inbound-link" | "links-to-noindex" | "links-to-canonicalised" | "nofollow-internal-links" | "canonical-chains" | "canonical-to-error" | "hreflang-missing-return" | "hreflang-missing-x-default" | "hreflang-to-error" | "near-duplicates" | "duplicate-titles" | "duplicate-descriptions" | "sitemap-not-indexable" | "indexable-not-in-sitemap" | "broken-external-links";
                                    points: number;
                                    title: string;
                                }[];
                                nonIndexable: {
                                    [key: string]: number;
                                };
                                pagesByState: {
                                    [key: string]: number;
                                };
                                previous: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    fixedIssues: number;
                                    newIssues: number;
                                    score: number | null;
                                    scoreDelta: number | null;
                                    /** Format: uuid */
                                    siteCheckId: string;
                                } | null;
                                progress: {
                                    discovered: number;
                                    done: number;
                                    etaSeconds: number | null;
                                    failed: number;
                                    lastPages: {
                                        /** Format: date-time */
                                        finishedAt: string;
                                        score: number | null;
                                        /** @enum {string} */
                                        state: "completed" | "failed" | "blocked" | "cancelled" | "pending" | "redirected";
                                        url: string;
                                    }[];
                                    pagesPerMinute: number | null;
                                    waiting: number;
                                };
                                score: number | null;
                                topIssues: {
                                    count: number;
                                    howToFix: string;
                                    id: string;
                                    /** @enum {string} */
                                    kind: "site" | "page";
                                    /** @enum {string} */
                                    severity: "critical" | "warning" | "notice";
                                    title: string;
                                    why: string;
                                    worth: number;
                                }[];
                            };
                            siteCheck: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit: every address of the check, sorted, filtered and paged
         * @description `q` searches the address and the title; `issue` keeps the pages a site finding or a page check affects. Sorts put empty values last and break ties by address.
         */
        get: {
            parameters: {
                query?: {
                    dir?: "asc" | "desc";
                    indexable?: "yes" | "no";
                    issue?: string;
                    page?: number;
                    pageSize?: number;
                    q?: string;
                    sort?: "url" | "state" | "score" | "depth" | "inbound" | "linkScore" | "title" | "words";
                    state?: "completed" | "failed" | "blocked" | "cancelled" | "pending" | "redirected";
                };
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            builtAt: string | null;
                            /** @enum {boolean} */
                            ok: true;
                            page: number;
                            pageSize: number;
                            rows: {
                                accessToken: string | null;
                                depth: number | null;
                                finalUrl: string | null;
                                httpStatus: number | null;
                                inbound: number | null;
                                indexable: boolean;
                                inSitemap: boolean;
                                linkScore: number | null;
                                /** @enum {string|null} */
                                nonIndexableReason: "noindex" | "canonicalised" | "blocked" | "error" | "redirect" | "not-analysed" | null;
                                score: number | null;
                                /** @enum {string} */
                                state: "completed" | "failed" | "blocked" | "cancelled" | "pending" | "redirected";
                                title: string | null;
                                url: string;
                                words: number | null;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/pages.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit pages list as CSV: the full result of the same query */
        get: {
            parameters: {
                query?: {
                    dir?: "asc" | "desc";
                    indexable?: "yes" | "no";
                    issue?: string;
                    page?: number;
                    pageSize?: number;
                    q?: string;
                    sort?: "url" | "state" | "score" | "depth" | "inbound" | "linkScore" | "title" | "words";
                    state?: "completed" | "failed" | "blocked" | "cancelled" | "pending" | "redirected";
                };
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description crawlwise-site-<host>-<date>-pages.csv */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/audit/structure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit structure: click-depth histogram, orphans, most and least linked pages */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            builtAt: string | null;
                            depthHistogram: {
                                depth: number | null;
                                pages: number;
                            }[];
                            leastLinked: {
                                accessToken: string | null;
                                inbound: number;
                                linkScore: number | null;
                                url: string;
                            }[];
                            mostLinked: {
                                accessToken: string | null;
                                inbound: number;
                                linkScore: number | null;
                                url: string;
                            }[];
                            /** @enum {boolean} */
                            ok: true;
                            orphans: number;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a site check that is still running
         * @description Pages still waiting are not analysed (they become `cancelled` in the site report; as reports they answer failed with `site_check_cancelled`) and go back to the daily allowance; pages being analysed finish, and every analysed page stays in the site report. Cancelling a cancelled check answers it again; a finished one answers `site_check_not_active`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            siteCheck: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_check_not_active` (Site Check Already Finished) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_check_not_active";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The site report as CSV, one row per page */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A download named crawlwise-site-<host>-<date>.csv */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-checks/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site report: pages by score and what shows only across pages
         * @description Available while the check runs (pending pages are listed as such): duplicate titles and descriptions, canonicals naming another address, pages robots.txt blocks, and listed addresses (sitemap entries) that redirect or fail.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The site check id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            report: {
                                averageScore: number | null;
                                canonicalElsewhere: {
                                    canonical: string;
                                    url: string;
                                }[];
                                crawl: {
                                    base: number | null;
                                    externalLinks?: {
                                        checked: number;
                                        total: number;
                                    } | null;
                                    findings: {
                                        count: number;
                                        howToFix: string;
                                        /** @enum {string} */
                                        id: "broken-internal-links" | "redirected-internal-links" | "redirect-chains" | "orphan-pages" | "deep-pages" | "single-inbound-link" | "links-to-noindex" | "links-to-canonicalised" | "nofollow-internal-links" | "canonical-chains" | "canonical-to-error" | "hreflang-missing-return" | "hreflang-missing-x-default" | "hreflang-to-error" | "near-duplicates" | "duplicate-titles" | "duplicate-descriptions" | "sitemap-not-indexable" | "indexable-not-in-sitemap" | "broken-external-links";
                                        items: {
                                            detail: string | null;
                                            sourceCount: number;
                                            sources: {
                                                anchor: string;
                                                url: string;
                                            }[];
                                            url: string;
                                        }[];
                                        points: number;
                                        /** @enum {string} */
                                        severity: "critical" | "warning" | "notice";
                                        title: string;
                                        why: string;
                                    }[];
                                    score: number | null;
                                    sitemapRead: boolean;
                                } | null;
                                duplicateDescriptions: {
                                    urls: string[];
                                    value: string;
                                }[];
                                duplicateTitles: {
                                    urls: string[];
                                    value: string;
                                }[];
                                entryProblems: {
                                    code: string | null;
                                    finalUrl: string | null;
                                    /** @enum {string} */
                                    kind: "redirect" | "failed";
                                    message: string | null;
                                    url: string;
                                }[];
                                pages: {
                                    accessToken: string;
                                    depth: number | null;
                                    errorCode: string | null;
                                    errorMessage: string | null;
                                    finalUrl: string | null;
                                    inbound: number | null;
                                    linkScore: number | null;
                                    score: number | null;
                                    /** @enum {string} */
                                    status: "queued" | "analyzing" | "completed" | "failed" | "cancelled";
                                    title: string | null;
                                    url: string;
                                }[];
                                pagesAnalysed: number;
                                pagesBlocked: number;
                                pagesCancelled: number;
                                pagesFailed: number;
                                pagesPending: number;
                                pagesRedirected: number;
                                robotsBlocked: {
                                    rule: string | null;
                                    url: string;
                                }[];
                            };
                            siteCheck: {
                                /** Format: date-time */
                                completedAt: string | null;
                                counts: {
                                    analyzing: number;
                                    blocked: number;
                                    cancelled: number;
                                    completed: number;
                                    failed: number;
                                    queued: number;
                                    total: number;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                discovery: {
                                    [key: string]: unknown;
                                } | null;
                                errorCode: string | null;
                                errorMessage: string | null;
                                /** Format: uuid */
                                id: string;
                                siteUrl: string;
                                skipped: {
                                    duplicates: number;
                                    invalid: number;
                                    offSite: number;
                                    overCap: number;
                                    overDailyLimit: number;
                                } | null;
                                /** @enum {string} */
                                source: "sitemap" | "list" | "crawl";
                                /** @enum {string} */
                                status: "discovering" | "running" | "completed" | "failed" | "cancelled";
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `site_check_not_found` (Site Check Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "site_check_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your site verifications, oldest first, and the limits of a verified crawl */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            verifications: {
                                /** Format: date-time */
                                createdAt: string;
                                fileUrl: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                lastCheckedAt: string | null;
                                lastError: string | null;
                                metaTag: string;
                                siteUrl: string;
                                token: string;
                                /** Format: date-time */
                                verifiedAt: string | null;
                            }[];
                            verifiedLimits: {
                                maxPages: number;
                                pageIntervalMs: number;
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Start verifying a site you own (or get the verification you have)
         * @description Answers a token and the two ways to prove ownership: a `<meta name="crawlwise-site-verification" content="TOKEN">` in the head of the home page, or a file at `/.well-known/crawlwise-verification.txt` whose body is the token. A verified site may be crawled beyond 500 pages and faster. At most 50 per account (`site_verification_limit`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site: any address on it */
                        siteUrl: string;
                    };
                };
            };
            responses: {
                /** @description Verification (new or existing) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            verification: {
                                /** Format: date-time */
                                createdAt: string;
                                fileUrl: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                lastCheckedAt: string | null;
                                lastError: string | null;
                                metaTag: string;
                                siteUrl: string;
                                token: string;
                                /** Format: date-time */
                                verifiedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Error codes: `missing_url` (URL Required), `invalid_url` (Invalid URL Format), `url_too_long` (URL Too Long), `unsupported_protocol` (Only HTTP and HTTPS), `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "missing_url" | "invalid_url" | "url_too_long" | "unsupported_protocol" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_verification_limit` (Too Many Verifications) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_verification_limit";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-verifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a site verification */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The verification id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_verification_not_found` (Verification Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_verification_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site-verifications/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look for the proof on the site now
         * @description Reads the home page and the verification file (the address guard, size and time bounds of any page fetch). Found: `verifiedAt` is set. Not found: `site_verification_failed` says what each proof showed, and the verification is unverified. At most 6 checks a minute and 100 a day per account.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The verification id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            verification: {
                                /** Format: date-time */
                                createdAt: string;
                                fileUrl: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                lastCheckedAt: string | null;
                                lastError: string | null;
                                metaTag: string;
                                siteUrl: string;
                                token: string;
                                /** Format: date-time */
                                verifiedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_verification_not_found` (Verification Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_verification_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_verification_failed` (Site Not Verified Yet) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_verification_failed";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `too_many_requests` (Too Many Requests), `rate_limit_exceeded` (Daily Limit Reached) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "too_many_requests" | "rate_limit_exceeded";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team’s activity: who made what and who changed the team (newest 100)
         * @description Members only. Newest first: reports, site checks and watches made in the team, watches removed, and member events (invited, invitation resent or cancelled, joined, removed, left, role changed, ownership transferred, team created).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team id */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activity: {
                                /** @enum {string} */
                                action: "team.created" | "report.created" | "site-check.created" | "watch.created" | "watch.deleted" | "member.invited" | "invitation.cancelled" | "invitation.resent" | "member.joined" | "member.removed" | "member.left" | "member.role-changed" | "ownership.transferred";
                                actor: {
                                    email: string;
                                    id: string;
                                    name: string;
                                } | null;
                                /** Format: date-time */
                                at: string;
                                href: string | null;
                                id: string;
                                subject: string;
                            }[];
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/transfer-ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand the team to another member (owner only)
         * @description The member named by `userId` becomes the owner; the former owner stays as an admin. One transaction. Another role than owner answers `team_forbidden`; a `userId` that is not another member of the team answers 400.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team id */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The account id of a member of the team */
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_forbidden` (Not Allowed in This Team), `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_forbidden" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/watches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your watches, oldest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            watches: {
                                /** Format: date-time */
                                created_at: string;
                                /** @enum {string} */
                                frequency: "daily" | "weekly";
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                kind: "page" | "site" | "crawl";
                                /** Format: date-time */
                                last_checked_at: string | null;
                                last_score: number | null;
                                /** Format: date-time */
                                next_run_at: string;
                                threshold: number;
                                url: string;
                            }[];
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Watch a page or a site: re-check it daily or weekly and mail you when it gets worse
         * @description The first check runs one period after the watch is made; each check is a normal report of yours (not counted against the daily report limit). A mail goes out when the score drops by `threshold` points or more, or a check newly fails as critical. `reportToken` (a finished report of yours of the same address) is the first baseline. `kind: "site"` watches the site of `url` (its root address): each check is a whole-site check of its sitemap, counted against the daily site-page allowance and skipped to the next slot while another site check of yours runs; the mail compares the average score and new critical failures per page with the previous check (`siteCheckId`, a completed site check of yours of the same site, is the first). `kind: "crawl"` crawls the site again each time with `crawl` (the settings of a crawl; without them those of the `siteCheckId` crawl, else the defaults; over 500 pages the site must be verified) and the mail also names new broken internal links and pages that became non-indexable since the previous crawl. At most 10 watches per account (`watch_limit_reached`) and 20 creations per hour (`too_many_requests`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        crawl?: {
                            /** @default false */
                            checkExternal?: boolean;
                            /** @default [] */
                            exclude?: string[];
                            /** @default false */
                            followNofollow?: boolean;
                            /** @default [] */
                            include?: string[];
                            /** @default false */
                            includeSubdomains?: boolean;
                            /** @default 10 */
                            maxDepth?: number;
                            /** @default 500 */
                            maxExternal?: number;
                            /** @default 200 */
                            maxPages?: number;
                        };
                        /**
                         * @default daily
                         * @enum {string}
                         */
                        frequency?: "daily" | "weekly";
                        /**
                         * @default page
                         * @enum {string}
                         */
                        kind?: "page" | "site" | "crawl";
                        reportToken?: string;
                        siteCheckId?: string;
                        /** @default 5 */
                        threshold?: number;
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Watch created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            watch: {
                                /** Format: date-time */
                                created_at: string;
                                /** @enum {string} */
                                frequency: "daily" | "weekly";
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                kind: "page" | "site" | "crawl";
                                /** Format: date-time */
                                last_checked_at: string | null;
                                last_score: number | null;
                                /** Format: date-time */
                                next_run_at: string;
                                threshold: number;
                                url: string;
                            };
                        };
                    };
                };
                /** @description Error codes: `missing_url` (URL Required), `invalid_url` (Invalid URL Format), `url_too_long` (URL Too Long), `unsupported_protocol` (Only HTTP and HTTPS), `private_ip` (Private Address Not Allowed), `crawl_over_page_cap` (Crawl Too Large), `invalid_request` (Invalid Request) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "missing_url" | "invalid_url" | "url_too_long" | "unsupported_protocol" | "private_ip" | "crawl_over_page_cap" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `site_not_verified` (Site Not Verified), `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "site_not_verified" | "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `watch_exists` (Already Watched), `watch_limit_reached` (Watch Limit Reached), `site_verification_lost` (Site Verification Lost) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "watch_exists" | "watch_limit_reached" | "site_verification_lost";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `too_many_requests` (Too Many Requests) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "too_many_requests";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/watches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop watching: remove one of your watches */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The watch id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `invalid_request` (Invalid Request) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "invalid_request";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `team_not_found` (Team Not Found), `watch_not_found` (Watch Not Found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "team_not_found" | "watch_not_found";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/watches/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The stop link of a watch mail: a page confirming the stop (changes nothing)
         * @description Mail scanners open links: the GET only asks, its button POSTs to the same address.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The stop token from the mail */
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Confirmation page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description The link is invalid or the watch was already removed */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * One-click stop (RFC 8058): removes the watch the mail was about
         * @description Token in the query (the List-Unsubscribe address) or in the form field `token`; body `List-Unsubscribe=One-Click` (urlencoded) as mail clients send it.
         */
        post: {
            parameters: {
                query?: {
                    /** @description The stop token from the mail */
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        "List-Unsubscribe"?: string;
                        token?: string;
                    };
                };
            };
            responses: {
                /** @description The watch is removed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description The link is invalid or the watch was already removed */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers */
        get: {
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            database: "pglite" | "postgres";
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Error codes: `internal_error` (Something Went Wrong) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "internal_error";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
                /** @description Error codes: `database_connection` (Database Unavailable), `service_unavailable` (Service Unavailable) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            error: "database_connection" | "service_unavailable";
                            field?: string;
                            message: string;
                            /** @enum {boolean} */
                            ok: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm a report without script (a link to /report?url=)
         * @description With `url`: a page asking to confirm, whose button POSTs the address to /report. Nothing is fetched or created by the GET. An address that is not valid gets its error page at once. Without `url`, or with `token`: the report screen of the web app.
         */
        get: {
            parameters: {
                query?: {
                    /** @description A report access token */
                    token?: string;
                    /** @description The page to analyse */
                    url?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The confirmation page (or the report screen) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `missing_url`, `invalid_url`, `url_too_long`, `unsupported_protocol` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `database_connection` */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a report without script (the site’s own forms)
         * @description Form field `url` (urlencoded): validates, fetches and creates the report like POST /api/reports (same limits), then redirects 303 to `/report?token=…`; a failure is a plain HTML page with the error title and description, under the status listed. Refused (403) from another site.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Report created: Location is /report?token=… */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Error page for: `missing_url`, `invalid_url`, `url_too_long`, `unsupported_protocol`, `private_ip` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `team_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `dns_error`, `fetch_failed`, `fetch_timeout`, `ssl_error`, `redirect_loop`, `http_error_403`, `http_error_404`, `http_error_500`, `http_error_503`, `invalid_content_type`, `content_too_large`, `parse_error` */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `rate_limit_exceeded`, `too_many_requests` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Error page for: `service_unavailable`, `database_connection` */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
