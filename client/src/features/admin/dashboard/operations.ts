// The dashboard's documents; codegen turns them into typed documents.
export const dashboardOperations = /* GraphQL */ `
  query AdminAnalytics {
    analytics {
      totalUsers
      userGrowthPercentage
      totalRevenue
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
    }
  }
`;
