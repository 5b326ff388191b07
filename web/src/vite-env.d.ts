/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_MOBILE_SITE_URL?: string;
  readonly VITE_WECHAT_MINIPROGRAM_URL?: string;
  readonly VITE_WECHAT_OFFICIAL_URL?: string;
  readonly VITE_RESOURCE_RECOMMEND_URL?: string;
  readonly VITE_FEEDBACK_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_CONTACT_ADDRESS?: string;
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_ICP?: string;
  readonly VITE_GRAPHQL_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
