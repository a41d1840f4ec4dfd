// The shop's logo: a leaf in a circle and the word Verdant, drawn inline so it needs no request.
import type { SVGProps } from "react";

export const SHOP_NAME = "Verdant";

export function ShopLogo({ height = 32, ...props }: SVGProps<SVGSVGElement> & { height?: number }) {
  return (
    <svg
      role="img"
      aria-label={`${SHOP_NAME} plant and garden shop`}
      viewBox="0 0 150 40"
      height={height}
      width={(height * 150) / 40}
      {...props}
    >
      <circle cx="20" cy="20" r="18" fill="#2f9e44" />
      <path d="M12 27c0-9 6-15 17-16-1 10-7 16-15 16h-2z" fill="#ebfbee" />
      <path d="M13 27c3-5 7-9 12-12" stroke="#2f9e44" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <text x="45" y="27" fontFamily="Georgia, serif" fontSize="20" fontWeight="700" fill="#2b8a3e">
        {SHOP_NAME}
      </text>
    </svg>
  );
}
