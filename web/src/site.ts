/**
 * Site configuration of product-spec §1, in one place. Values that differ per deployment
 * come from Vite env variables (VITE_*) at build time; everything else is the product's own.
 * The login page is the exception: its address depends on how the browser reaches the platform,
 * so the gateway answers it at run time (`site { loginUrl }`, see app/LoginPage.tsx).
 */

const env = import.meta.env;

function configured(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

export interface LinkItem {
  readonly label: string;
  readonly href: string;
}

export interface QrTarget {
  readonly label: string;
  readonly hint: string;
  /** Absolute URL, or a path resolved against the page's origin. */
  readonly target: string;
}

const contactEmail = configured(env.VITE_CONTACT_EMAIL, 'service@szyunketang.cn');

export const site = {
  productId: 1,
  comId: 0,
  comCode: '',
  title: '思政云课堂',
  description: '在线报告厅',
  slogan: '立德树人 · 思政育人',

  /** Phone access (header popover): three QR codes rendered locally. */
  qrCodes: [
    { label: '手机网页版', hint: '手机浏览器扫码访问', target: configured(env.VITE_MOBILE_SITE_URL, '/m/') },
    {
      label: '微信小程序',
      hint: '微信扫码打开小程序',
      target: configured(env.VITE_WECHAT_MINIPROGRAM_URL, '/m/?from=miniprogram'),
    },
    {
      label: '微信公众号',
      hint: '微信扫码关注公众号',
      target: configured(env.VITE_WECHAT_OFFICIAL_URL, '/m/?from=official-account'),
    },
  ] satisfies readonly QrTarget[],

  /** Header links. */
  resourceRecommendUrl: configured(
    env.VITE_RESOURCE_RECOMMEND_URL,
    `mailto:${contactEmail}?subject=${encodeURIComponent('资源推荐')}`,
  ),
  feedbackUrl: configured(env.VITE_FEEDBACK_URL, `mailto:${contactEmail}?subject=${encodeURIComponent('意见反馈')}`),

  /** Sidebar partner links. */
  partners: [
    { label: '国家智慧教育公共服务平台', href: 'https://www.smartedu.cn/' },
    { label: '学习强国', href: 'https://www.xuexi.cn/' },
    { label: '中国大学MOOC', href: 'https://www.icourse163.org/' },
    { label: '全国高校思想政治工作网', href: 'https://www.sizhengwang.cn/' },
  ] satisfies readonly LinkItem[],

  /** Sidebar contact block and footer. */
  contact: {
    phone: configured(env.VITE_CONTACT_PHONE, '400-810-2025'),
    email: contactEmail,
    hours: '工作日 9:00–17:30',
    address: configured(env.VITE_CONTACT_ADDRESS, '北京市海淀区学院路 30 号'),
  },
  footer: {
    company: configured(env.VITE_COMPANY_NAME, '思政云课堂运营中心'),
    icp: configured(env.VITE_ICP, '京ICP备2025000000号'),
    links: [
      { label: '首页', href: '/home' },
      { label: '推荐专题', href: '/special' },
      { label: '名校名师', href: '/author' },
    ] satisfies readonly LinkItem[],
  },
} as const;

/** The external login page (the gateway's `site.loginUrl`) with `redirect=` the absolute URL to come back to. */
export function loginPageUrl(loginUrl: string, redirect: string, origin: string = window.location.origin): string {
  const url = new URL(loginUrl, origin);
  url.searchParams.set('redirect', redirect);
  return url.toString();
}

/** A mailto: link opens the mail program: no new tab (it would stay blank). */
export function isMailto(href: string): boolean {
  return /^mailto:/i.test(href);
}

/** Resolves a QR target (absolute URL or site path) against the page origin. */
export function qrTargetUrl(target: string, origin: string = window.location.origin): string {
  return new URL(target, origin).toString();
}

/** `<page> - 思政云课堂` */
export function documentTitle(page: string): string {
  return page ? `${page} - ${site.title}` : site.title;
}
