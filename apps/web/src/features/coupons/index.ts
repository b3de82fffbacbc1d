// What other features use of coupons: the box a company redeems a credits coupon with.
export { RedeemCouponCard } from './components/redeem-coupon-card';
