module example.com/credsdk

go 1.26
