package policy

import "fmt"

func ExamplePage_RulesForUserAgent() {
	page, err := ParsePage("/article.html", []byte(`<html><head>
<meta name="robots" content="noindex">
<meta name="NewsBot" content="ACAP allow-index">
<meta name="NewsBot-Image" content="ACAP disallow-index">
</head><body></body></html>`))
	if err != nil {
		panic(err)
	}
	for _, ua := range []string{
		"Mozilla/5.0 (compatible; NewsBot/2.1)",
		"Mozilla/5.0 (compatible; NewsBot-Image/1.0)",
		"Mozilla/5.0 (compatible; OtherBot/1.0)",
	} {
		named, robots := page.RulesForUserAgent(ua)
		fmt.Println(ua, len(named), len(robots))
		for _, ru := range named {
			fmt.Println("  named:", ru.Text)
		}
	}
	// Output:
	// Mozilla/5.0 (compatible; NewsBot/2.1) 1 1
	//   named: ACAP allow-index
	// Mozilla/5.0 (compatible; NewsBot-Image/1.0) 1 1
	//   named: ACAP disallow-index
	// Mozilla/5.0 (compatible; OtherBot/1.0) 0 1
}
