module example.com/robotsdk

go 1.26
