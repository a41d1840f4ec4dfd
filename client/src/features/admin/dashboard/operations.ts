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

// The sales report of a range of days (the range picker under the spec's figures), and the same as CSV.
export const salesReportOperations = /* GraphQL */ `
  query AdminSalesReport($range: ReportRange, $from: String, $to: String) {
    salesReport(range: $range, from: $from, to: $to) {
      range
      from
      to
      sales
      orders
      items
      newCustomers
      averageOrderValue
      days {
        day
        sales
        orders
      }
      categories {
        category
        items
        sales
      }
      topProducts {
        id
        slug
        name
        category
        items
        sales
      }
    }
  }

  query AdminSalesReportCsv($range: ReportRange, $from: String, $to: String) {
    salesReportCsv(range: $range, from: $from, to: $to) {
      fileName
      csv
    }
  }
`;
