// The dashboard's documents; codegen turns them into typed documents. Each top product comes with its
// quantity by the variant bought, for the breakdown under a product sold in several variants.
export const dashboardOperations = /* GraphQL */ `
  query AdminAnalytics {
    analytics {
      totalUsers
      userGrowthPercentage
      totalRevenue
      totalDiscounts
      totalTax
      revenueChangePercentage
      totalOrders
      orderGrowthPercentage
      lastThreeMonths {
        month
        yearMonth
        newUsers
        revenue
        newOrders
      }
    }
  }

  query AdminTopProducts {
    topProducts {
      id
      slug
      name
      category
      image {
        ...ProductPictureFields
      }
      purchasedQuantity
      variants {
        sku
        options {
          name
          value
        }
        purchasedQuantity
      }
    }
  }
`;
